// Rating, warnings, status and free-form tags, as the publish dialog and the details page edit them.
import { useId } from "react";
import {
  CONTENT_RATINGS,
  type ContentRating,
  NO_WARNINGS,
  STORY_STATUSES,
  type StoryStatus,
  TAG_LIMITS,
  UNTAGGED,
  type Warning,
  WARNINGS,
} from "../../../shared/tagging";
import { Label } from "../../components/ui/input";
import { TagInput } from "./TagInput";

export interface TaggingValues {
  rating: ContentRating;
  warnings: Warning[];
  status: StoryStatus;
  relationships: string[];
  characterTags: string[];
  freeformTags: string[];
}

/** The values a story's view carries, for a form to start from. */
export function taggingFrom(story: {
  contentRating: ContentRating;
  warnings: Warning[];
  status: StoryStatus;
  relationships: string[];
  characterTags: string[];
  freeformTags: string[];
}): TaggingValues {
  const { contentRating, warnings, status, relationships, characterTags, freeformTags } = story;
  return {
    rating: contentRating,
    warnings: [...warnings],
    status,
    relationships: [...relationships],
    characterTags: [...characterTags],
    freeformTags: [...freeformTags],
  };
}

/** An untagged story's values (a new draft's). */
export const EMPTY_TAGGING: TaggingValues = taggingFrom(UNTAGGED);

/** The request fields (publish and the details save take the same names). */
export function taggingBody(value: TaggingValues) {
  return { ...value };
}

/** Server field names these fields answer for (`freeformTags.3` → the tagging fields). */
export const TAGGING_FIELDS: readonly string[] = [
  "rating",
  "warnings",
  "status",
  "relationships",
  "characterTags",
  "characters",
  "freeformTags",
];
export const isTaggingField = (key: string) => TAGGING_FIELDS.includes(key.split(".")[0] ?? "");

const SELECT =
  "h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

export function TaggingFields({
  value,
  onChange,
  error,
}: {
  value: TaggingValues;
  onChange: (value: TaggingValues) => void;
  /** The server's message about these fields, if any. */
  error?: string;
}) {
  const ratingId = useId();
  const statusId = useId();
  const set = (patch: Partial<TaggingValues>) => onChange({ ...value, ...patch });
  const used = value.relationships.length + value.characterTags.length + value.freeformTags.length;
  const full = used >= TAG_LIMITS.maxFreeform;
  const toggleWarning = (warning: Warning, on: boolean) => {
    if (!on) return set({ warnings: value.warnings.filter((w) => w !== warning) });
    // 'No archive warnings apply' stands alone.
    if (warning === NO_WARNINGS) return set({ warnings: [NO_WARNINGS] });
    set({ warnings: [...value.warnings.filter((w) => w !== NO_WARNINGS), warning] });
  };
  return (
    <div className="space-y-4" data-testid="tagging-fields">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={ratingId}>Rating</Label>
          <select
            id={ratingId}
            className={SELECT}
            value={value.rating}
            onChange={(event) => set({ rating: event.target.value as ContentRating })}
          >
            {CONTENT_RATINGS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={statusId}>Status</Label>
          <select
            id={statusId}
            className={SELECT}
            value={value.status}
            onChange={(event) => set({ status: event.target.value as StoryStatus })}
          >
            {STORY_STATUSES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-ink">Warnings</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WARNINGS.map((warning) => (
            <label key={warning} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={value.warnings.includes(warning)}
                onChange={(event) => toggleWarning(warning, event.target.checked)}
              />
              {warning}
            </label>
          ))}
        </div>
      </fieldset>
      <TagInput
        label="Relationships"
        kind="relationship"
        values={value.relationships}
        onChange={(relationships) => set({ relationships })}
        placeholder="Ilsa Varn/Pip Marlow or Ilsa Varn & Pip Marlow"
        hint="A/B for romance, A & B for friendship. Press Enter to add."
        full={full}
        testId="relationship-tags"
      />
      <TagInput
        label="Characters"
        kind="character"
        values={value.characterTags}
        onChange={(characterTags) => set({ characterTags })}
        placeholder="Pip Marlow"
        full={full}
        testId="character-tags"
      />
      <TagInput
        label="Additional tags"
        kind="freeform"
        values={value.freeformTags}
        onChange={(freeformTags) => set({ freeformTags })}
        placeholder="Found Family, Hurt/Comfort"
        hint={`${used}/${TAG_LIMITS.maxFreeform} free-form tags`}
        full={full}
        testId="freeform-tags"
      />
      {error ? (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
