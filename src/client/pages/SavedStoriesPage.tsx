import { SavedStoriesPage } from "../features/bookmarks/SavedStoriesPage";

export default function Page() {
  return <SavedStoriesPage />;
}
