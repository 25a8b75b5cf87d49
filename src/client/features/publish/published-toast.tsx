// 'Story published', with the way to the story's public page in the toast itself: a writer who just published wants
// to see it as readers do, or to share it. It stays longer than a plain toast, as it is something to act on.
import { toast as sonnerToast } from "sonner";
import type { StoryView } from "../../../shared/schemas/story";
import { PublicPageLinks } from "./PublicPageLinks";

const PUBLISHED_TOAST_MS = 12_000;

export function publishedToast(story: StoryView) {
  sonnerToast.success("Story published", {
    description: (
      <span className="block">
        <span className="block">Your story is now visible in Discover.</span>
        <PublicPageLinks story={story} className="-ml-1.5 mt-1" />
      </span>
    ),
    duration: PUBLISHED_TOAST_MS,
    classNames: { description: "" },
  });
}
