import { ComingSoon } from "../components/ComingSoon";

export default function CreateStoryPage() {
  return <ComingSoon title="Create Story" />;
}
