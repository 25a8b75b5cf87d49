// React side of StorySaver: status and conflict as state, the PATCH through the shared story mutation.
import { useEffect, useRef, useState } from "react";
import { StoryTitle, type StoryView } from "../../../shared/schemas/story";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useUpdateStory } from "../stories/queries";
import { type Conflict, type Draft, type SaveStatus, StorySaver } from "./story-saver";

/** Autosave waits this long after the last keystroke. */
export const AUTOSAVE_MS = 2500;

const titleValid = (title: string) => StoryTitle.safeParse(title).success;

/**
 * `initialContent` serializes the text as the editor first held it; it runs when the first save or leave check
 * compares, not while the page opens (60 ms for a 100,000-word story, decision 0047). `loaded` is false while the
 * editor is still filling in the stored text (decision 0060): until then nothing is compared or sent.
 */
export function useStorySaver(
  story: StoryView,
  read: () => Draft,
  initialContent: () => string,
  loaded?: () => boolean,
) {
  const update = useUpdateStory(story.id);
  const sendRef = useRef(update.mutateAsync);
  sendRef.current = update.mutateAsync;
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const saverRef = useRef<StorySaver | null>(null);
  if (!saverRef.current) {
    saverRef.current = new StorySaver({
      version: story.version,
      // NOTE: the baseline is the editor's own serialization, so loading alone never counts as a change.
      saved: lazyDraft(story.title, initialContent),
      read,
      send: (body) => sendRef.current(body),
      titleValid,
      onStatus: setStatus,
      onConflict: setConflict,
      onError: (error) =>
        toast({ title: "Failed to save story", description: errorMessage(error), variant: "destructive" }),
      autosaveMs: AUTOSAVE_MS,
      loaded,
    });
  }
  const saver = saverRef.current;

  useEffect(
    () => () => {
      // Leaving the page (back button, a confirmed link) still sends what is there rather than dropping it.
      if (saver.isDirty() && !saver.conflict) void saver.save();
      saver.dispose();
    },
    [saver],
  );

  return { saver, status, conflict };
}

/** A draft whose content is computed the first time it is read, then kept. */
function lazyDraft(title: string, content: () => string): Draft {
  let computed: string | undefined;
  return {
    title,
    get content() {
      computed ??= content();
      return computed;
    },
  };
}
