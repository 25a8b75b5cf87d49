// The details page form: cover, title, description, characters, setting, plot ideas, tags, and FicForge Plus's
// reader background.
// A refused value is shown at its field (and in the 'Failed to update story' toast).
import { useQueryClient } from "@tanstack/react-query";
import { PenLine, Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { CATALOGUE_TAGS } from "../../../shared/tagging";
import { TaggingFields } from "../tags/TaggingFields";
import { CROP_ASPECT_DETAILS, TAGS_PER_STORY } from "../../../shared/limits";
import { ROUTES } from "../../../shared/routes";
import { PREMIUM_REQUIRED } from "../../../shared/schemas/billing";
import { StoryTitle, type StaleVersionError, type StoryView } from "../../../shared/schemas/story";
import { Button } from "../../components/ui/button";
import { FieldError } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { ApiError, errorMessage } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { useAuth } from "../auth/auth-context";
import { CoverPicker } from "../covers";
import { type FieldErrors, revealFirstError, storyFieldErrors } from "../stories/field-errors";
import { LimitedTextField } from "../stories/LimitedTextField";
import { useUpdateStory } from "../stories/queries";
import { SearchableMultiSelect } from "../stories/SearchableMultiSelect";
import { AiBadge } from "../ai/AiBadge";
import { AiLabelFields } from "../ai/AiLabelFields";
import { DescriptionField } from "./DescriptionField";
import {
  type DetailsValues,
  descriptionProblem,
  detailsField,
  patchFromValues,
  valuesFromStory,
} from "./details-values";
import { ReaderBackgroundField } from "./ReaderBackgroundField";
import { StaleNotice } from "./StaleNotice";
import { GiftFields } from "../gifts/GiftFields";
import { useGiftFieldsDraft } from "../gifts/queries";

export function DetailsForm({ story: loaded }: { story: StoryView }) {
  const queryClient = useQueryClient();
  const isPremium = useAuth().user?.isPremium === true;
  const updateStory = useUpdateStory(loaded.id);
  const gifts = useGiftFieldsDraft(loaded.id);
  // The story this form was last in step with; its version goes with the next save.
  const [base, setBase] = useState(loaded);
  const [values, setValues] = useState<DetailsValues>(() => valuesFromStory(loaded));
  const [stale, setStale] = useState<StoryView | null>(null);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  // Counts each new set of problems, so the first one is brought into view (see revealFirstError).
  const [problems, setProblems] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const setErrors = (next: FieldErrors) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setProblems((n) => n + 1);
  };
  useEffect(() => {
    if (problems > 0) revealFirstError(formRef.current);
  }, [problems]);
  const set = (patch: Partial<DetailsValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // An edited field's message is about the old value.
    setErrorsState((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  async function save() {
    const title = StoryTitle.safeParse(values.title.trim());
    if (!title.success) {
      const message = title.error.issues[0]?.message;
      setErrors({ title: message });
      toast({ title: "Failed to update story", description: message, variant: "destructive" });
      return;
    }
    const descriptionError = descriptionProblem(base, values.description);
    if (descriptionError) {
      setErrors({ description: descriptionError });
      toast({ title: "Failed to update story", description: descriptionError, variant: "destructive" });
      return;
    }
    setErrors({});
    try {
      const saved = await updateStory.mutateAsync({ ...patchFromValues(base, values), ...gifts.body() });
      gifts.saved();
      setBase(saved);
      setValues(valuesFromStory(saved));
      setStale(null);
      toast({ title: "Changes saved", description: "Your story details have been updated." });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.data.code === "STALE_VERSION") {
        setStale((error.data as unknown as StaleVersionError).story);
        toast({
          title: "Failed to update story",
          description: "This story was changed somewhere else. Reload to see the latest version.",
          variant: "destructive",
        });
        return;
      }
      if (error instanceof ApiError && error.status === 403 && error.data.code === PREMIUM_REQUIRED) {
        // The plan ended since the page loaded: the background locks (the user is read again) and says why.
        setErrors({ readerBackground: errorMessage(error) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      } else {
        setErrors(storyFieldErrors(error, detailsField));
      }
      toast({ title: "Failed to update story", description: errorMessage(error), variant: "destructive" });
    }
  }

  function reload() {
    if (!stale) return;
    queryClient.setQueryData(queryKeys.story(stale.id), stale);
    setBase(stale);
    setValues(valuesFromStory(stale));
    setStale(null);
  }

  return (
    <form
      ref={formRef}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {stale && <StaleNotice onReload={reload} />}
      <div className="grid gap-6 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <div className="space-y-1.5">
          <CoverPicker
            value={values.coverImage}
            onChange={(coverImage) => set({ coverImage })}
            aspect={CROP_ASPECT_DETAILS}
            mode="strict"
            label="Cover image"
          />
          <FieldError message={errors.coverImage} />
        </div>
        <div className="space-y-5">
          <LimitedTextField
            label="Story Title"
            kind="title"
            value={values.title}
            error={errors.title}
            onChange={(title) => set({ title })}
          />
          <DescriptionField
            value={values.description}
            onChange={(description) => set({ description })}
            error={errors.description}
            published={base.published}
          />
          <LimitedTextField
            label="Main Characters"
            kind="long"
            value={values.mainCharacters}
            error={errors.mainCharacters}
            onChange={(mainCharacters) => set({ mainCharacters })}
            placeholder="Who are the main characters?"
          />
          <LimitedTextField
            label="Setting"
            kind="long"
            value={values.setting}
            error={errors.setting}
            onChange={(setting) => set({ setting })}
            placeholder="Where and when does it happen?"
          />
          <LimitedTextField
            label="Plot Ideas"
            kind="long"
            value={values.plotIdeas}
            error={errors.plotIdeas}
            onChange={(plotIdeas) => set({ plotIdeas })}
            placeholder="Twists, scenes, turning points..."
          />
          <SearchableMultiSelect
            label="Tags"
            options={CATALOGUE_TAGS}
            selected={values.tags}
            max={TAGS_PER_STORY}
            onChange={(tags) => set({ tags })}
            placeholder="Search tags..."
            emptyText="No tags found"
          />
          <FieldError message={errors.tags} />
        </div>
      </div>
      <div className="border-t border-brand-100 pt-6">
        <TaggingFields value={values.tagging} onChange={(tagging) => set({ tagging })} error={errors.tagging} />
      </div>
      <section className="space-y-3 border-t border-brand-100 pt-6" aria-labelledby="details-ai-heading">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="details-ai-heading" className="text-base font-semibold text-ink">
            AI label and readers
          </h2>
          <span className="text-sm text-slate-600" data-testid="details-current-label">
            Current label:{" "}
            {(base.aiLabel ?? "none") === "none" ? <span className="font-medium">Human-written</span> : null}
          </span>
          <AiBadge label={base.aiLabel} aiShare={base.aiShare} />
        </div>
        <AiLabelFields
          wordCount={base.wordCount}
          aiShare={base.aiShare}
          value={values}
          onChange={set}
          errors={{ aiDeclaration: errors.aiDeclaration, audience: errors.audience, language: errors.language }}
        />
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 accent-brand-600"
            checked={values.paragraphComments}
            onChange={(event) => set({ paragraphComments: event.target.checked })}
            data-testid="details-paragraph-comments"
          />
          <span className="text-sm text-slate-700">
            <span className="block font-medium text-ink">Paragraph comments</span>
            Readers may comment on a single paragraph, beside it in the reader. Comments already written stay.
          </span>
        </label>
      </section>
      <section className="space-y-3 border-t border-brand-100 pt-6" aria-labelledby="details-gifts-heading">
        <h2 id="details-gifts-heading" className="text-base font-semibold text-ink">
          Gifts and related works
        </h2>
        <GiftFields
          storyId={loaded.id}
          value={gifts.value}
          onChange={(value) => {
            gifts.onChange(value);
            setErrorsState(({ giftedTo: _g, relatedWorks: _r, ...rest }) => rest);
          }}
          errors={{ giftedTo: errors.giftedTo, relatedWorks: errors.relatedWorks }}
        />
      </section>
      <div className="border-t border-brand-100 pt-6">
        <ReaderBackgroundField
          value={values.readerBackground}
          onChange={(readerBackground) => set({ readerBackground })}
          isPremium={isPremium}
          error={errors.readerBackground}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-brand-100 pt-4 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href={ROUTES.story(loaded.id)}>
            <PenLine className="h-4 w-4" aria-hidden /> Editor
          </Link>
        </Button>
        <Button type="submit" disabled={updateStory.isPending}>
          {updateStory.isPending ? (
            <Spinner className="h-4 w-4" label="Saving" />
          ) : (
            <Save className="h-4 w-4" aria-hidden />
          )}
          {updateStory.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
