import { ComingSoon } from "../components/ComingSoon";

export default function DetailsPage(_props: { id: string }) {
  return <ComingSoon title="Story Details" />;
}
