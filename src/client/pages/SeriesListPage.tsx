import { SeriesListView } from "../features/series/SeriesListView";

export default function SeriesListPage() {
  return <SeriesListView />;
}
