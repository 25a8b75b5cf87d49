// 'Publish Your Story' (SPEC.md section 2): cover, title, description and tags, then Cancel or 'Publish Story'.
import { useEffect, useId, useState } from "react";
import { CROP_ASPECT_PUBLISH, RECOMMENDED_COVER, STORY_DESCRIPTION_MAX, STORY_TITLE_MAX } from "../../../shared/limits";
import { filterTitle, maximumReachedNote } from "../../../shared/live-filter";
import type { PublishBody } from "../../../shared/schemas/story";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Input, Label, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { CoverPicker } from "../covers";
import { checkPublishDraft, type PublishDraft, publishableTags } from "./publish-form";
import { TagPicker } from "./TagPicker";

const RECOMMENDED_TEXT = `Recommended: ${RECOMMENDED_COVER.width} x ${RECOMMENDED_COVER.height}px`;

export interface PublishDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the form starts from each time it opens: the editor's title and the story's saved fields. */
  initial: PublishDraft;
  pending: boolean;
  /** Resolves true when published; the dialog then closes. */
  onSubmit: (body: PublishBody) => Promise<boolean>;
}

export function PublishDialog({ open, onOpenChange, initial, pending, onSubmit }: PublishDialogProps) {
  const [draft, setDraft] = useState<PublishDraft>(initial);
  const titleId = useId();
  const descriptionId = useId();

  // Each opening starts from the story as it is now (the title may have been edited meanwhile).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form
  useEffect(() => {
    if (open) setDraft({ ...initial, tags: publishableTags(initial.tags) });
  }, [open]);

  const titleAtLimit = filterTitle(draft.title).atLimit;

  async function submit() {
    const checked = checkPublishDraft(draft);
    if ("problem" in checked) {
      toast(checked.problem);
      return;
    }
    if (await onSubmit(checked.body)) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        title="Publish Your Story"
        description="Share your story with the community. Add a cover, a description and tags so readers can find it."
        className="max-w-xl"
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <CoverPicker
            label="Cover image"
            value={draft.coverImage}
            onChange={(coverImage) => setDraft((d) => ({ ...d, coverImage }))}
            aspect={CROP_ASPECT_PUBLISH}
            mode="publish"
            hint={RECOMMENDED_TEXT}
          />
          <div className="space-y-1.5">
            <Label htmlFor={titleId}>Story Title</Label>
            <Input
              id={titleId}
              value={draft.title}
              maxLength={STORY_TITLE_MAX}
              onChange={(event) => {
                const title = filterTitle(event.target.value).value;
                setDraft((d) => ({ ...d, title }));
              }}
            />
            {titleAtLimit ? <p className="text-xs text-orange-600">{maximumReachedNote(STORY_TITLE_MAX)}</p> : null}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={descriptionId}>Description</Label>
            <Textarea
              id={descriptionId}
              value={draft.description}
              maxLength={STORY_DESCRIPTION_MAX}
              placeholder="What is your story about?"
              onChange={(event) => {
                const description = event.target.value;
                setDraft((d) => ({ ...d, description }));
              }}
            />
          </div>
          <TagPicker value={draft.tags} onChange={(tags) => setDraft((d) => ({ ...d, tags }))} />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="gradient" disabled={pending}>
              {pending ? <Spinner className="h-4 w-4" label="Publishing" /> : null}
              Publish Story
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
