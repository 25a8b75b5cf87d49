import { CollectionsView } from "../features/collections/CollectionsView";

export default function CollectionsPage() {
  return <CollectionsView />;
}
