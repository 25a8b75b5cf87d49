import { HistoryList } from "../features/reading-stats/HistoryList";

export default function HistoryPage() {
  return <HistoryList />;
}
