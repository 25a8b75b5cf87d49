import { DetailsView } from "../features/details/DetailsView";

export default function DetailsPage({ id }: { id: string }) {
  return <DetailsView id={id} />;
}
