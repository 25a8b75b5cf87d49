// The assistant pane's "Response" control: a small header button that opens the FicForge Plus response options
// (length and chat style) under the header. Free users see them locked: focusable but inert, with the reason and
// the way to the upgrade page written out.
import { ChevronDown, Lock, SlidersHorizontal } from "lucide-react";
import { useId } from "react";
import { CHAT_STYLES, ChatStyle, ResponseLength } from "../../../shared/schemas/marin";
import { cn } from "../../lib/cn";
import { PlusLockedNote } from "../perks/PlusLockedNote";
import { LENGTH_LABELS, optionsSummary } from "./response-options";
import type { ResponseOptionsState } from "./use-response-options";

export const OPTIONS_LOCKED_TEXT = "Response length and chat styles come with FicForge Plus.";

export function ResponseOptionsButton({
  state,
  open,
  panelId,
  onToggle,
}: {
  state: ResponseOptionsState;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  const summary = optionsSummary(state.options, CHAT_STYLES);
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      title={state.isPremium ? `Response: ${summary}` : OPTIONS_LOCKED_TEXT}
      onClick={onToggle}
      className="ml-auto inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border border-brand-200 bg-white px-2.5 text-xs font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
      data-testid="marin-options-button"
    >
      <SlidersHorizontal className="h-3.5 w-3.5" aria-hidden />
      Response
      {state.isPremium ? (
        <span className="hidden font-normal text-slate-600 sm:inline">{summary}</span>
      ) : (
        <Lock className="h-3 w-3 text-slate-600" aria-label="FicForge Plus" />
      )}
      <ChevronDown className={cn("h-3.5 w-3.5 transition-transform", open && "rotate-180")} aria-hidden />
    </button>
  );
}

export function ResponseOptionsPanel({ state, id }: { state: ResponseOptionsState; id: string }) {
  const noteId = useId();
  const locked = !state.isPremium;
  return (
    <section
      id={id}
      aria-label="Response options"
      className="max-h-[45vh] space-y-3 overflow-y-auto border-b border-brand-100 bg-white px-4 py-3"
      data-testid="marin-options"
    >
      {locked ? <PlusLockedNote id={noteId}>{OPTIONS_LOCKED_TEXT}</PlusLockedNote> : null}
      <Choice
        legend="Response length"
        locked={locked}
        describedBy={locked ? noteId : undefined}
        value={state.options.length}
        choices={ResponseLength.options.map((length) => ({ value: length, label: LENGTH_LABELS[length] }))}
        onChange={(length) => state.choose({ length: length as ResponseLength })}
        columns="grid-cols-3"
      />
      <Choice
        legend="Chat style"
        locked={locked}
        describedBy={locked ? noteId : undefined}
        value={state.options.chatStyle}
        choices={ChatStyle.options.map((style) => ({ value: style, ...CHAT_STYLES[style] }))}
        onChange={(chatStyle) => state.choose({ chatStyle: chatStyle as ChatStyle })}
        columns="grid-cols-1 min-[22rem]:grid-cols-2"
      />
    </section>
  );
}

interface ChoiceProps {
  legend: string;
  locked: boolean;
  describedBy: string | undefined;
  value: string;
  choices: { value: string; label: string; text?: string }[];
  onChange: (value: string) => void;
  columns: string;
}

/**
 * A radio group drawn as buttons. NOTE: locked radios stay enabled (aria-disabled) so they can be reached and
 * described; the change is ignored and React puts the checked one back.
 */
function Choice({ legend, locked, describedBy, value, choices, onChange, columns }: ChoiceProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold text-slate-600">
        {legend}
        {locked ? <Lock className="h-3 w-3" aria-hidden /> : null}
      </legend>
      <div className={cn("grid gap-1.5", columns)}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "flex flex-col rounded-lg border px-2.5 py-1.5 text-xs transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
              choice.text ? "items-start text-left" : "items-center justify-center",
              choice.value === value
                ? "border-brand-600 bg-brand-50 text-brand-900"
                : "border-brand-100 bg-white text-slate-700",
              // NOTE: no opacity for the locked look: faded text fell below AA contrast (issue 16).
              locked
                ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-600"
                : "cursor-pointer hover:border-brand-300",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              aria-disabled={locked || undefined}
              aria-describedby={describedBy}
              onChange={() => {
                if (!locked) onChange(choice.value);
              }}
              className="sr-only"
            />
            <span className="font-semibold">{choice.label}</span>
            {choice.text ? <span className="mt-0.5 leading-snug text-slate-600">{choice.text}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
