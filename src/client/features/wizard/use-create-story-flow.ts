// Create Story: create the story, write its opening scene, open the editor.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { isBlankText, type StoryView } from "../../../shared/schemas/story";
import { toast } from "../../components/ui/toaster";
import { queryKeys } from "../../lib/query-keys";
import { useCreateStory, useInvalidateStoryLists } from "../stories/queries";
import { AfterCreateError, writeOpeningScene } from "./opening-scene";
import { buildCreatePayload, type WizardDraft } from "./wizard-draft";

/**
 * Steps that run after the story exists and before the editor opens, while the overlay shows. Each returns the
 * story as it now is (null: unchanged). A step that fails throws AfterCreateError with its toast; the story it
 * already created stays, and the editor opens anyway: a second Create would make a second story, and the editor
 * offers the opening scene again for an empty story.
 */
export type AfterCreateStep = (story: StoryView, draft: WizardDraft) => Promise<StoryView | null>;
export const AFTER_CREATE_STEPS: AfterCreateStep[] = [writeOpeningScene];

/** Runs the steps in order; stops at the first failure and names its toast. */
export async function runAfterCreateSteps(
  created: StoryView,
  draft: WizardDraft,
  steps: readonly AfterCreateStep[] = AFTER_CREATE_STEPS,
): Promise<{ story: StoryView; failure: string | null }> {
  let story = created;
  for (const step of steps) {
    try {
      story = (await step(story, draft)) ?? story;
    } catch (error) {
      console.warn("A step after creating the story failed", error);
      return { story, failure: error instanceof AfterCreateError ? error.toastTitle : "Failed to create story" };
    }
  }
  return { story, failure: null };
}

export function useCreateStoryFlow(onCreated: () => void) {
  const createStory = useCreateStory();
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateStoryLists();
  const [, navigate] = useLocation();
  const [running, setRunning] = useState(false);

  async function run(draft: WizardDraft) {
    if (isBlankText(draft.title)) {
      toast({ title: "Missing title", description: "Please provide a title for your story.", variant: "destructive" });
      return;
    }
    setRunning(true);
    let created: StoryView;
    try {
      created = await createStory.mutateAsync(buildCreatePayload(draft));
    } catch (error) {
      setRunning(false);
      console.warn("Failed to create story", error);
      toast({ title: "Failed to create story", variant: "destructive" });
      return;
    }
    const { story, failure } = await runAfterCreateSteps(created, draft);
    // NOTE: the editor opens from this cache entry; it must hold the saved content and its version.
    queryClient.setQueryData(queryKeys.story(story.id), story);
    void invalidateLists();
    setRunning(false);
    if (failure) toast({ title: failure, variant: "destructive" });
    onCreated();
    navigate(ROUTES.story(story.id));
  }

  return { run, running };
}
