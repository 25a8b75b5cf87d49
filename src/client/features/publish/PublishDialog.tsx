// 'Publish Your Story': cover, title, description, tags, the AI label and the audience, then Cancel or 'Publish
// Story'.
// What the writer types is kept while the editor is open; a problem is shown at its field (and as the publish
// toast).
import { useEffect, useId, useRef, useState } from "react";
import { CROP_ASPECT_PUBLISH, RECOMMENDED_COVER, STORY_DESCRIPTION_MAX, STORY_TITLE_MAX } from "../../../shared/limits";
import { filterTitle, maximumReachedNote } from "../../../shared/live-filter";
import type { PublishBody } from "../../../shared/schemas/story";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FilterHint, useFilterHint } from "../../components/ui/filter-hint";
import { FieldError, Input, Label, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { AiLabelFields } from "../ai/AiLabelFields";
import { effectiveDeclaration } from "../ai/ai-label-text";
import { CoverPicker } from "../covers";
import { type FieldErrors, revealFirstError } from "../stories/field-errors";
import { checkPublishDraft, type PublishDraft, type PublishField, publishableTags, reopenDraft } from "./publish-form";
import { TagPicker } from "./TagPicker";
import { TaggingFields } from "../tags/TaggingFields";
import { GiftFields } from "../gifts/GiftFields";
import { AddToCollectionsField } from "../collections/AddToCollectionsField";
import { addToCollections, checkCollectionNames, parseCollectionNames } from "../collections/add-to-collections";
import { useGiftFieldsDraft } from "../gifts/queries";
import { PendingFillField, usePendingFill } from "../prompts/PendingFillField";
import { isoFromLocalInput, localInputValue, suggestedTime } from "../scheduling/release-time";
import { type ScheduleDraft, ScheduleFields } from "../scheduling/ScheduleFields";

const RECOMMENDED_TEXT = `Recommended: ${RECOMMENDED_COVER.width} x ${RECOMMENDED_COVER.height}px`;

export interface PublishOutcome {
  published: boolean;
  /** Server messages for the dialog's fields, shown at each field. */
  fields: FieldErrors;
}

export interface PublishDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The story as it is now: the editor's title and the story's saved fields. */
  initial: PublishDraft;
  /** The story's words and the share Marin wrote, as measured at its last save. */
  measured: { wordCount: number; aiShare: number };
  pending: boolean;
  /** The dialog closes once published. */
  onSubmit: (body: PublishBody) => Promise<PublishOutcome>;
  /** Issue 30: the story, for its 'Gift to' and 'Related works' (absent: the dialog has neither). */
  storyId?: number;
  /** Issue 31: 'Schedule' publishes at a later time instead (absent: the dialog publishes now only). */
  onSchedule?: (body: PublishBody, at: string, silent: boolean) => Promise<PublishOutcome>;
}

function fromStory(initial: PublishDraft): PublishDraft {
  return { ...initial, tags: publishableTags(initial.tags) };
}

export function PublishDialog({
  open,
  onOpenChange,
  initial,
  measured,
  pending,
  onSubmit,
  storyId,
  onSchedule,
}: PublishDialogProps) {
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState<ScheduleDraft>(() => ({ at: localInputValue(suggestedTime()), silent: false }));
  const gifts = useGiftFieldsDraft(storyId, open);
  const prompt = usePendingFill(open);
  // Issue 33: the collections to add the work to once it is published.
  const [collectionNames, setCollectionNames] = useState("");
  // NOTE: this component stays mounted while the editor is open, so what the writer typed survives closing.
  const [draft, setDraft] = useState<PublishDraft>(() => fromStory(initial));
  const seen = useRef<PublishDraft>(fromStory(initial));
  const [errors, setErrorsState] = useState<FieldErrors>({});
  // Counts each new set of problems, so the first one is brought into view (see revealFirstError).
  const [problems, setProblems] = useState(0);
  const setErrors = (next: FieldErrors) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setProblems((n) => n + 1);
  };
  const titleId = useId();
  const descriptionId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening looks at the story again
  useEffect(() => {
    if (!open) return;
    const now = fromStory(initial);
    setDraft((typed) => reopenDraft(typed, seen.current, now));
    seen.current = now;
  }, [open]);

  const edit = (patch: Partial<PublishDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // An edited field's message is about the old value.
    setErrorsState((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const titleAtLimit = filterTitle(draft.title).atLimit;
  const titleHint = useFilterHint("title");
  const changeTitle = (text: string) => {
    const filtered = filterTitle(text);
    titleHint.report(filtered.dropped);
    edit({ title: filtered.value });
  };
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (problems > 0) revealFirstError(formRef.current);
  }, [problems]);

  async function submit() {
    const checked = checkPublishDraft(draft);
    if ("problem" in checked) {
      toast(checked.problem);
      setErrors({ [checked.field]: checked.message });
      return;
    }
    setErrors({});
    const aiDeclaration = effectiveDeclaration(measured.wordCount, measured.aiShare, draft.aiDeclaration);
    if (scheduling && onSchedule) {
      const at = isoFromLocalInput(when.at);
      if (!at) return setErrors({ scheduleAt: "Choose a date and time" });
      const scheduled = await onSchedule({ ...checked.body, aiDeclaration, ...prompt.body() }, at, when.silent);
      if (scheduled.published) prompt.done();
      if (scheduled.published) onOpenChange(false);
      else setErrors(scheduled.fields);
      return;
    }
    const names = parseCollectionNames(collectionNames);
    const namesProblem = checkCollectionNames(names);
    if (namesProblem) return setErrors({ collections: namesProblem });
    const outcome = await onSubmit({ ...checked.body, aiDeclaration, ...gifts.body(), ...prompt.body() });
    if (outcome.published) gifts.saved();
    if (outcome.published) prompt.done();
    if (outcome.published) onOpenChange(false);
    else setErrors(outcome.fields);
    if (outcome.published && storyId !== undefined && names.length > 0) {
      setCollectionNames("");
      for (const answer of await addToCollections(names, storyId)) {
        toast({
          title: `${answer.name}: ${answer.text}`,
          variant: answer.ok ? "default" : "destructive",
        });
      }
    }
  }

  const errorProps = (field: PublishField, id: string) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        title="Publish Your Story"
        description="Share your story with the community. Add a cover, a description and tags so readers can find it."
        className="max-w-xl"
      >
        <form
          ref={formRef}
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="space-y-1.5">
            <CoverPicker
              label="Cover image"
              value={draft.coverImage}
              onChange={(coverImage) => edit({ coverImage })}
              aspect={CROP_ASPECT_PUBLISH}
              mode="publish"
              hint={RECOMMENDED_TEXT}
            />
            <FieldError message={errors.coverImage} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={titleId}>Story Title</Label>
            <Input
              id={titleId}
              value={draft.title}
              maxLength={STORY_TITLE_MAX}
              {...errorProps("title", titleId)}
              aria-describedby={
                [titleHint.hint && `${titleId}-hint`, errors.title && `${titleId}-error`].filter(Boolean).join(" ") ||
                undefined
              }
              onChange={(event) => changeTitle(event.target.value)}
            />
            <FilterHint id={`${titleId}-hint`} hint={titleHint.hint} />
            {titleAtLimit ? <p className="text-xs text-orange-600">{maximumReachedNote(STORY_TITLE_MAX)}</p> : null}
            <FieldError id={`${titleId}-error`} message={errors.title} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={descriptionId}>Description</Label>
            <Textarea
              id={descriptionId}
              value={draft.description}
              maxLength={STORY_DESCRIPTION_MAX}
              placeholder="What is your story about?"
              {...errorProps("description", descriptionId)}
              onChange={(event) => edit({ description: event.target.value })}
            />
            <FieldError id={`${descriptionId}-error`} message={errors.description} />
          </div>
          <div className="space-y-1.5">
            <TagPicker value={draft.tags} onChange={(tags) => edit({ tags })} />
            <FieldError message={errors.tags} />
          </div>
          <TaggingFields value={draft.tagging} onChange={(tagging) => edit({ tagging })} error={errors.tagging} />
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-brand-100 p-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              checked={draft.markedMature}
              onChange={(event) => edit({ markedMature: event.target.checked })}
            />
            <span>
              <span className="font-medium text-ink">Mature content (18+)</span>
              <span className="block text-slate-600">
                Only FicForge Plus readers who turn on NSFW will see it in Discover, and it gets no public page.
              </span>
            </span>
          </label>
          <AiLabelFields
            wordCount={measured.wordCount}
            aiShare={measured.aiShare}
            value={draft}
            onChange={edit}
            errors={{ aiDeclaration: errors.aiDeclaration, audience: errors.audience, language: errors.language }}
          />
          {onSchedule && (
            <div className="space-y-3 rounded-lg border border-brand-100 p-3">
              <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  className="h-4 w-4 shrink-0 accent-brand-600"
                  checked={scheduling}
                  onChange={(event) => setScheduling(event.target.checked)}
                />
                Schedule
              </label>
              {scheduling && (
                <ScheduleFields
                  value={when}
                  onChange={(next) => {
                    setWhen(next);
                    setErrorsState(({ scheduleAt: _s, ...rest }) => rest);
                  }}
                  error={errors.scheduleAt}
                  silentHint="It goes live without notifying your followers."
                />
              )}
            </div>
          )}
          {storyId !== undefined && !scheduling && (
            <GiftFields
              storyId={storyId}
              value={gifts.value}
              onChange={(value) => {
                gifts.onChange(value);
                setErrorsState(({ giftedTo: _g, relatedWorks: _r, ...rest }) => rest);
              }}
              errors={{ giftedTo: errors.giftedTo, relatedWorks: errors.relatedWorks }}
            />
          )}
          <PendingFillField state={prompt} />
          {storyId !== undefined && !scheduling && (
            <AddToCollectionsField
              value={collectionNames}
              onChange={(value) => {
                setCollectionNames(value);
                setErrorsState(({ collections: _c, ...rest }) => rest);
              }}
              error={errors.collections}
            />
          )}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="gradient" disabled={pending}>
              {pending ? <Spinner className="h-4 w-4" label={scheduling ? "Scheduling" : "Publishing"} /> : null}
              {scheduling ? "Schedule" : "Publish Story"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
