// The share dialog's link (issue 9: the public page, /s/{id}-{slug}) and its copy step ('Link copied!' for
// 2 seconds; on failure 'Failed to copy' / 'Please copy the link manually').
import { useCallback, useEffect, useState } from "react";
import { ROUTES } from "../../../shared/routes";
import { publicStoryPath, type ReadStoryView } from "../../../shared/schemas/reading";
import { toast } from "../../components/ui/toaster";

export const COPIED_FOR_MS = 2000;
export const COPY_FAILED = { title: "Failed to copy", description: "Please copy the link manually" } as const;

/**
 * The link to share: the public page when the story has one; a mature story has none (publicPath null), so its
 * link is the in-app reader, which asks for an account and applies the content rating.
 */
export function shareUrl(origin: string, story: Pick<ReadStoryView, "id" | "title" | "publicPath">): string {
  if (story.publicPath === null) return origin + ROUTES.read(story.id);
  return origin + (story.publicPath || publicStoryPath(story.id, story.title));
}

/** Copies text; true when the clipboard took it (it may be missing, or refuse outside a user gesture). */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** `copy(text)` and whether a copy succeeded in the last two seconds; a failure is told in a toast. */
export function useCopyLink() {
  // A count rather than a flag: a second copy within the two seconds starts them again.
  const [copies, setCopies] = useState(0);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copies) return;
    setCopied(true);
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copies]);

  const copy = useCallback(async (text: string) => {
    if (await writeClipboard(text)) setCopies((n) => n + 1);
    else toast({ ...COPY_FAILED, variant: "destructive" });
  }, []);

  return { copied, copy };
}
