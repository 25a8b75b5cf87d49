import { DiscoverBrowse } from "../features/discover/DiscoverBrowse";

export default function DiscoverPage() {
  return <DiscoverBrowse />;
}
