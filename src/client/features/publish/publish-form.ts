// The publish dialog's checks (SPEC.md section 5), in the order the spec lists them, as toasts.
import { PUBLISH_TAGS } from "../../../shared/catalogues";
import { PUBLISH_TOASTS, type PublishBody } from "../../../shared/schemas/story";
import type { ToastInput } from "../../components/ui/toaster";

export interface PublishDraft {
  title: string;
  description: string;
  coverImage: string | null;
  tags: string[];
}

const PUBLISH_TAG_SET: ReadonlySet<string> = new Set(PUBLISH_TAGS);

/** A story's saved tags may come from the details page's list; the dialog offers the publish list only. */
export function publishableTags(tags: readonly string[] | undefined): string[] {
  return (tags ?? []).filter((tag) => PUBLISH_TAG_SET.has(tag));
}

export function checkPublishDraft(draft: PublishDraft): { body: PublishBody } | { problem: ToastInput } {
  const title = draft.title.trim();
  if (!title) {
    return {
      problem: { title: "Title required", description: PUBLISH_TOASTS["Title required"], variant: "destructive" },
    };
  }
  const description = draft.description.trim();
  if (!description) {
    return {
      problem: {
        title: "Description required",
        description: PUBLISH_TOASTS["Description required"],
        variant: "destructive",
      },
    };
  }
  return { body: { title, description, coverImage: draft.coverImage, tags: draft.tags } };
}
