import { LaterList } from "../features/bookmarks/LaterList";
import { HistoryList } from "../features/reading-stats/HistoryList";

export default function HistoryPage() {
  // Issue 30: 'Marked for Later' sits under the reading history, on the same page.
  return <HistoryList after={<LaterList />} />;
}
