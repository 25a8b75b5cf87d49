import { CanonPacksView } from "../features/canon/CanonPacksView";

export default function CanonPage() {
  return <CanonPacksView />;
}
