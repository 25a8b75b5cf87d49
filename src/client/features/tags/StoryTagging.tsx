// The reader's rating, warnings, status and tags, shown before the text (issue 17 section 4).
import { useState } from "react";
import { TagLink, type TaggedStory, RatingStatusChips, TagsHiddenButton } from "./TagLinks";

const LISTS: [string, (story: TaggedStory) => readonly string[]][] = [
  ["Relationships", (s) => s.relationships],
  ["Characters", (s) => s.characterTags],
  ["Additional tags", (s) => s.freeformTags],
  ["Tags", (s) => s.tags],
];

/** `hidden`: the reader's 'Hide warnings and tags until I choose'; the warnings and tags wait for 'show'. */
export function StoryTagging({ story, hidden = false }: { story: TaggedStory; hidden?: boolean }) {
  const [shown, setShown] = useState(false);
  const hiding = hidden && !shown && (story.warnings.length > 0 || LISTS.some(([, pick]) => pick(story).length > 0));
  return (
    <section
      aria-label="Rating, warnings and tags"
      className="reader-measure mb-6 rounded-xl border border-brand-100 bg-white/90 p-4 text-sm"
      data-testid="story-tagging"
    >
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-slate-700">Rating and status</dt>
        <dd>
          <ul className="flex flex-wrap gap-1.5">
            <RatingStatusChips story={story} />
          </ul>
        </dd>
        {hiding && (
          <>
            <dt className="font-semibold text-slate-700">Warnings and tags</dt>
            <dd>
              <TagsHiddenButton onShow={() => setShown(true)} />
            </dd>
          </>
        )}
        {!hiding && story.warnings.length > 0 && (
          <>
            <dt className="font-semibold text-slate-700">Warnings</dt>
            <dd>
              <ul className="flex flex-wrap gap-1.5" data-testid="story-warnings">
                {story.warnings.map((w) => (
                  <li key={w} className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
                    {w}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {LISTS.map(([label, pick]) =>
          !hiding && pick(story).length > 0 ? (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-700">{label}</dt>
              <dd>
                <ul className="flex flex-wrap gap-1.5">
                  {pick(story).map((name) => (
                    <li key={name}>
                      <TagLink name={name} />
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null,
        )}
      </dl>
    </section>
  );
}
