// Create Story (SPEC.md section 4): create the story, run the after-create steps, open the editor.
import { useState } from "react";
import { useLocation } from "wouter";
import { isBlankText, type StoryView } from "../../../shared/schemas/story";
import { toast } from "../../components/ui/toaster";
import { useCreateStory } from "../stories/queries";
import { buildCreatePayload, type WizardDraft } from "./wizard-draft";

/**
 * Steps that run after the story exists and before the editor opens, while the overlay shows.
 * HOOK(marin): the Marin issue adds the opening-scene step here — generate 'Write the opening scene
 * of this story.' and PATCH it as the story's content. A step that throws removes the overlay and
 * shows 'Failed to create story'; the story it already created stays in the user's list.
 */
export type AfterCreateStep = (story: StoryView) => Promise<void>;
export const AFTER_CREATE_STEPS: AfterCreateStep[] = [];

export function useCreateStoryFlow(onCreated: () => void) {
  const createStory = useCreateStory();
  const [, navigate] = useLocation();
  const [running, setRunning] = useState(false);

  async function run(draft: WizardDraft) {
    if (isBlankText(draft.title)) {
      toast({ title: "Missing title", description: "Please provide a title for your story.", variant: "destructive" });
      return;
    }
    setRunning(true);
    try {
      const story = await createStory.mutateAsync(buildCreatePayload(draft));
      for (const step of AFTER_CREATE_STEPS) await step(story);
      onCreated();
      navigate(`/dashboard/story/${story.id}`);
    } catch (error) {
      setRunning(false);
      console.warn("Failed to create story", error);
      toast({ title: "Failed to create story", variant: "destructive" });
    }
  }

  return { run, running };
}
