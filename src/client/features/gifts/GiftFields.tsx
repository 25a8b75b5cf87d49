// 'Gift to' (usernames as chips) and 'Related works' (one of your works, a FicForge story by its address or id, or an
// outside work, with the relation), for the publish dialog and the details page. Inside their forms: no nested form,
// and Enter in these inputs adds rather than submits.
import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import {
  GIFT_LIMITS,
  RELATION_LABELS,
  RELATIONS,
  type Relation,
  type RelatedWorkInput,
} from "../../../shared/schemas/gifts";
import type { StoryListItem } from "../../../shared/schemas/story";
import { Button } from "../../components/ui/button";
import { FieldError, Input, Label } from "../../components/ui/input";
import { queryKeys } from "../../lib/query-keys";
import { addRecipient, type GiftFieldValues, storyIdFrom } from "./gift-fields";

type Kind = "mine" | "ficforge" | "outside";
const KIND_LABELS: Record<Kind, string> = {
  mine: "One of your works",
  ficforge: "A FicForge story",
  outside: "An outside work",
};
const selectClass =
  "h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-400";

export interface GiftFieldsProps {
  storyId: number;
  value: GiftFieldValues;
  onChange: (value: GiftFieldValues) => void;
  errors: { giftedTo?: string; relatedWorks?: string };
}

export function GiftFields({ storyId, value, onChange, errors }: GiftFieldsProps) {
  return (
    <div className="space-y-5">
      <GiftTo
        names={value.giftedTo}
        onChange={(giftedTo) => onChange({ ...value, giftedTo })}
        error={errors.giftedTo}
      />
      <RelatedWorks
        storyId={storyId}
        links={value.relatedWorks}
        onChange={(relatedWorks) => onChange({ ...value, relatedWorks })}
        error={errors.relatedWorks}
      />
    </div>
  );
}

const onEnter = (run: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  run();
};

function GiftTo({ names, onChange, error }: { names: string[]; onChange: (n: string[]) => void; error?: string }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const full = names.length >= GIFT_LIMITS.recipients;
  const add = () => {
    onChange(addRecipient(names, typed));
    setTyped("");
  };
  return (
    <div className="space-y-1.5" data-testid="gift-to">
      <Label htmlFor={id}>Gift to</Label>
      {names.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Recipients">
          {names.map((name) => (
            <li
              key={name}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800"
            >
              <span className="[overflow-wrap:anywhere]">{name}</span>
              <button
                type="button"
                className="inline-flex h-6 w-6 cursor-pointer items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-400"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(names.filter((n) => n !== name))}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          disabled={full}
          placeholder={full ? "Up to 10 people" : "Username"}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          onChange={(event) => {
            const text = event.target.value;
            // A comma ends a name, as in most chip inputs.
            if (text.endsWith(",")) {
              onChange(addRecipient(names, text.slice(0, -1)));
              setTyped("");
            } else setTyped(text);
          }}
          onKeyDown={onEnter(add)}
        />
        <Button type="button" variant="outline" onClick={add} disabled={full || !typed.trim()}>
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Up to 10 people. Each is told when the work is published. Someone who refused a gift of this work isn't added
        again.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** How an added link reads in the list: 'Inspired by · The Copper Road'. */
function linkLabel(link: RelatedWorkInput, mine: StoryListItem[]): string {
  const relation = RELATION_LABELS[link.relation];
  const language = link.relation === "translation-of" && link.language ? ` (in ${link.language})` : "";
  if ("storyId" in link) {
    const title = (link as { title?: string }).title ?? mine.find((s) => s.id === link.storyId)?.title;
    return `${relation} · ${title ?? `FicForge story #${link.storyId}`}${language}`;
  }
  return `${relation} · ${link.title}${link.author ? ` by ${link.author}` : ""}${language}`;
}

function RelatedWorks({
  storyId,
  links,
  onChange,
  error,
}: {
  storyId: number;
  links: RelatedWorkInput[];
  onChange: (links: RelatedWorkInput[]) => void;
  error?: string;
}) {
  const id = useId();
  const mine = useQuery<StoryListItem[]>({ queryKey: queryKeys.myStories }).data ?? [];
  const published = mine.filter((s) => s.published && s.id !== storyId);
  const [kind, setKind] = useState<Kind>("mine");
  const [relation, setRelation] = useState<Relation>("inspired-by");
  const [language, setLanguage] = useState("");
  const [picked, setPicked] = useState("");
  const [ref, setRef] = useState("");
  const [outside, setOutside] = useState({ url: "", title: "", author: "" });
  const [problem, setProblem] = useState<string>();
  const full = links.length >= GIFT_LIMITS.relatedWorks;

  const add = () => {
    const lang = relation === "translation-of" && language.trim() ? { language: language.trim() } : {};
    let link: RelatedWorkInput | undefined;
    if (kind === "outside") {
      if (!outside.url.trim() || !outside.title.trim()) return setProblem("Give the work's address and title.");
      link = { url: outside.url.trim(), title: outside.title.trim(), author: outside.author.trim(), relation, ...lang };
    } else {
      const storyRef = kind === "mine" ? storyIdFrom(picked) : storyIdFrom(ref);
      if (storyRef === undefined)
        return setProblem(
          kind === "mine" ? "Pick one of your works." : "Paste the story's FicForge address or its id.",
        );
      const title = kind === "mine" ? published.find((s) => s.id === storyRef)?.title : undefined;
      link = { storyId: storyRef, relation, ...lang, ...(title ? { title } : {}) } as RelatedWorkInput;
    }
    setProblem(undefined);
    onChange([...links, link]);
    setPicked("");
    setRef("");
    setOutside({ url: "", title: "", author: "" });
    setLanguage("");
  };

  return (
    <fieldset className="space-y-2" data-testid="related-works">
      <legend className="text-sm font-medium text-ink">Related works</legend>
      {links.length > 0 && (
        <ul className="space-y-1.5" aria-label="Related works added">
          {links.map((link, i) => (
            <li
              key={i}
              className="flex items-center justify-between gap-2 rounded-lg border border-brand-100 bg-brand-50/50 px-3 py-2 text-sm"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">{linkLabel(link, published)}</span>
              <button
                type="button"
                className="inline-flex h-7 w-7 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-400"
                aria-label={`Remove ${linkLabel(link, published)}`}
                onClick={() => onChange(links.filter((_, j) => j !== i))}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div className="space-y-3 rounded-lg border border-brand-100 p-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${id}-kind`}>Work</Label>
              <select
                id={`${id}-kind`}
                className={selectClass}
                value={kind}
                onChange={(e) => setKind(e.target.value as Kind)}
              >
                {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-relation`}>Relation</Label>
              <select
                id={`${id}-relation`}
                className={selectClass}
                value={relation}
                onChange={(e) => setRelation(e.target.value as Relation)}
              >
                {RELATIONS.map((r) => (
                  <option key={r} value={r}>
                    {RELATION_LABELS[r]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {kind === "mine" && (
            <div className="space-y-1">
              <Label htmlFor={`${id}-mine`}>Your published work</Label>
              <select
                id={`${id}-mine`}
                className={selectClass}
                value={picked}
                onChange={(e) => setPicked(e.target.value)}
              >
                <option value="">{published.length > 0 ? "Pick a work" : "None published yet"}</option>
                {published.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.title}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === "ficforge" && (
            <div className="space-y-1">
              <Label htmlFor={`${id}-ref`}>Story address or id</Label>
              <Input
                id={`${id}-ref`}
                value={ref}
                placeholder="https://…/s/42-the-copper-road"
                onChange={(e) => setRef(e.target.value)}
                onKeyDown={onEnter(add)}
              />
            </div>
          )}
          {kind === "outside" && (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1 sm:col-span-2">
                <Label htmlFor={`${id}-url`}>Address</Label>
                <Input
                  id={`${id}-url`}
                  type="url"
                  value={outside.url}
                  maxLength={GIFT_LIMITS.url}
                  placeholder="https://"
                  onChange={(e) => setOutside({ ...outside, url: e.target.value })}
                  onKeyDown={onEnter(add)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-title`}>Title</Label>
                <Input
                  id={`${id}-title`}
                  value={outside.title}
                  maxLength={GIFT_LIMITS.title}
                  onChange={(e) => setOutside({ ...outside, title: e.target.value })}
                  onKeyDown={onEnter(add)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-author`}>Author</Label>
                <Input
                  id={`${id}-author`}
                  value={outside.author}
                  maxLength={GIFT_LIMITS.author}
                  onChange={(e) => setOutside({ ...outside, author: e.target.value })}
                  onKeyDown={onEnter(add)}
                />
              </div>
            </div>
          )}
          {relation === "translation-of" && (
            <div className="space-y-1">
              <Label htmlFor={`${id}-language`}>Language of this translation</Label>
              <Input
                id={`${id}-language`}
                value={language}
                maxLength={GIFT_LIMITS.language}
                placeholder="e.g. French"
                onChange={(e) => setLanguage(e.target.value)}
                onKeyDown={onEnter(add)}
              />
            </div>
          )}
          <FieldError message={problem} />
          <Button type="button" variant="outline" size="sm" onClick={add}>
            <Plus className="h-4 w-4" aria-hidden /> Add related work
          </Button>
        </div>
      )}
      <p className="text-xs text-slate-600">
        The original's author is told and may list your work on theirs. Up to 10 links.
      </p>
      <FieldError message={error} />
    </fieldset>
  );
}
