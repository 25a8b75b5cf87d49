// 'Your voice': the writer's style sample for one story (Story Details) or for all their stories (Settings). Pasted or
// picked from their published chapters, counted as they type ('N / 2,000 words'), saved or removed. Marin's prompts
// carry the description the server derives from it (shown here) and the sample where the prompt has room.
import { useEffect, useId, useState } from "react";
import { VOICE_LIMITS, type StyleSampleView } from "../../../shared/schemas/voice";
import { countWordsInText } from "../../../shared/word-count";
import { Button } from "../../components/ui/button";
import { FieldError, Label, Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useRemoveStyleSample, useSaveStyleSample, useStyleSample, useVoicePassages } from "./queries";

export const VOICE_TEXTS = {
  storyHeading: "Your voice",
  allHeading: "Your voice for all stories",
  storyIntro:
    "Give Marin up to 2,000 words of your own prose for this story. Marin aims at its sentence length, its words and its rhythm when it writes. A story's own sample wins over your sample for all stories.",
  allIntro:
    "Give Marin up to 2,000 words of your own prose. Marin writes in this voice in every story that has no sample of its own.",
  usingFallback: "This story uses your sample for all stories until you save one here.",
  label: "Your style sample",
  placeholder: "Paste a few paragraphs of your own writing, or pick a passage from your published chapters below.",
  pick: "Pick from your published text",
  add: "Add passage",
  noPassages: "Publish a story to pick passages from it.",
  save: "Save sample",
  remove: "Remove sample",
  saved: "Your style sample is saved. Marin will write in your voice.",
  removed: "Your style sample is removed.",
  reads: "Marin reads your voice as:",
} as const;

const number = (n: number) => n.toLocaleString("en-US");

export function VoiceCard({ storyId }: { storyId?: number }) {
  const id = useId();
  const answer = useStyleSample(storyId);
  const passages = useVoicePassages();
  const save = useSaveStyleSample(storyId);
  const remove = useRemoveStyleSample(storyId);
  const saved = answer.data?.sample ?? null;
  const [text, setText] = useState("");
  const [picked, setPicked] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(saved?.text ?? ""), [saved?.text]);

  // A co-writer's view of someone else's story: the sample is the author's alone.
  if (answer.isError && storyId !== undefined) return null;
  const words = countWordsInText(text);
  const over = words > VOICE_LIMITS.sampleWords;
  const counterId = `${id}-count`;
  const list = passages.data?.passages ?? [];

  const onSave = () => {
    setError(undefined);
    save.mutate(text, {
      onSuccess: () => toast({ title: "Saved", description: VOICE_TEXTS.saved }),
      onError: (e) => setError(errorMessage(e, "The sample could not be saved. Try again.")),
    });
  };
  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setText("");
        toast({ title: "Removed", description: VOICE_TEXTS.removed });
      },
      onError: (e) => setError(errorMessage(e, "The sample could not be removed. Try again.")),
    });
  const onAdd = () => {
    const passage = list.find((p) => p.id === picked);
    if (passage)
      setText((current) => (current.trim() === "" ? passage.text : `${current.trimEnd()}\n\n${passage.text}`));
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid="voice-card">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
          {storyId === undefined ? VOICE_TEXTS.allHeading : VOICE_TEXTS.storyHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {storyId === undefined ? VOICE_TEXTS.allIntro : VOICE_TEXTS.storyIntro}
        </p>
        {storyId !== undefined && !saved && answer.data?.fallback ? (
          <p className="mt-1 text-sm text-brand-700">{VOICE_TEXTS.usingFallback}</p>
        ) : null}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-text`}>{VOICE_TEXTS.label}</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={VOICE_TEXTS.placeholder}
          aria-describedby={counterId}
          aria-invalid={over || undefined}
          disabled={answer.isPending}
          rows={8}
          className="max-h-96 min-h-40"
        />
        <p id={counterId} className={cn("text-right text-xs", over ? "font-medium text-red-600" : "text-slate-500")}>
          {number(words)} / {number(VOICE_LIMITS.sampleWords)} words
        </p>
        <FieldError message={error} />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor={`${id}-pick`} className="text-xs text-slate-600">
            {VOICE_TEXTS.pick}
          </Label>
          <select
            id={`${id}-pick`}
            className="mt-1 h-10 w-full rounded-lg border border-brand-200 bg-white px-2 text-sm text-ink"
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            disabled={list.length === 0}
          >
            <option value="">{list.length === 0 ? VOICE_TEXTS.noPassages : "Choose a passage…"}</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.storyTitle} — ${p.label} (${number(p.words)} words)`}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="outline" onClick={onAdd} disabled={picked === ""}>
          {VOICE_TEXTS.add}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onSave} disabled={over || text.trim() === "" || save.isPending}>
          {VOICE_TEXTS.save}
        </Button>
        {saved ? (
          <Button type="button" variant="outline" onClick={onRemove} disabled={remove.isPending}>
            {VOICE_TEXTS.remove}
          </Button>
        ) : null}
      </div>
      {saved ? <VoiceDescription sample={saved} /> : null}
    </section>
  );
}

function VoiceDescription({ sample }: { sample: StyleSampleView }) {
  return (
    <p className="rounded-lg bg-brand-50 p-3 text-sm text-slate-700" data-testid="voice-description">
      <span className="font-medium text-ink">{VOICE_TEXTS.reads}</span> {sample.description}
    </p>
  );
}
