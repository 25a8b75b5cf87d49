import { ComingSoon } from "../components/ComingSoon";

export default function ReaderPage(_props: { id: string }) {
  return <ComingSoon title="Reader" />;
}
