import { ComingSoon } from "../components/ComingSoon";

export default function EditorPage(_props: { id: string }) {
  return <ComingSoon title="Editor" />;
}
