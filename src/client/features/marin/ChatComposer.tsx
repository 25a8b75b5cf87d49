// The input: Enter sends, Shift+Enter adds a line, with "What Marin sees", what Marin will do
// with the message (and the switch), and the prompt counter.
import { ArrowLeftRight, ChevronDown, Eye, MessageCircle, PenLine, SendHorizontal, Square } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { type LoreUse, loreWhy } from "../../../shared/schemas/lore";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import type { Route } from "./marin-rules";

export const CHAT_PLACEHOLDER = "Ask the assistant for help or suggestions...";
export const CHAT_HINT = 'Use "generate" or "write" in your message to create new content. Press Enter to send.';

/** What Marin will do with the message being typed, and the switch to the other. */
export const ROUTE_TEXTS = {
  generate: { says: "Marin will write into your story", switchTo: "Answer here instead" },
  chat: { says: "Marin will answer here", switchTo: "Write into my story instead" },
} as const;

export interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** What sending will do (null for blank input), and the writer's switch of it for this message. */
  route: Route | null;
  onSwitchRoute: () => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  locked: boolean;
  /** '2 of 3 prompts left today' for free users. */
  counter: string | null;
  /** The compact "What Marin sees" line, and the exact context text it expands to. */
  contextLine: string;
  contextText: string | null;
  /** The lorebook entries it carries, and why; and how many matched but did not fit. */
  lore: LoreUse[];
  loreLeftOut: number;
}

export function ChatComposer(props: ChatComposerProps) {
  const { value, busy, locked } = props;
  const hintId = useId();
  const routeId = useId();
  const contextId = useId();
  const [showContext, setShowContext] = useState(false);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!busy && !locked) props.onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="bg-white px-3 pt-2 pb-3" onSubmit={submit} data-testid="marin-composer">
      {props.contextLine ? (
        <div className="mb-2 text-xs text-slate-600">
          <button
            type="button"
            className="flex w-full cursor-pointer items-center gap-1.5 rounded-md px-1 py-0.5 text-left hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
            aria-expanded={showContext}
            aria-controls={contextId}
            onClick={() => setShowContext((open) => !open)}
            data-testid="marin-context-line"
          >
            <Eye className="h-3.5 w-3.5 shrink-0 text-brand-600" aria-hidden />
            <span className="sr-only">What Marin sees: </span>
            <span className="min-w-0 flex-1">{props.contextLine}</span>
            <ChevronDown
              className={cn("h-3.5 w-3.5 shrink-0 transition-transform", showContext && "rotate-180")}
              aria-hidden
            />
          </button>
          {showContext ? <LoreList lore={props.lore} leftOut={props.loreLeftOut} /> : null}
          {showContext ? (
            <pre
              id={contextId}
              className="mt-1 max-h-48 overflow-y-auto rounded-lg border border-brand-100 bg-slate-50 p-2 font-mono text-[11px] leading-snug whitespace-pre-wrap text-slate-700"
              data-testid="marin-context-text"
            >
              {props.contextText ?? "Loading…"}
            </pre>
          ) : null}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <Textarea
          aria-label="Message Marin"
          aria-describedby={props.route ? `${routeId} ${hintId}` : hintId}
          placeholder={CHAT_PLACEHOLDER}
          value={value}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={locked}
          maxLength={MARIN_LIMITS.messageChars}
          rows={2}
          className="max-h-40 min-h-16 resize-none text-[15px] [field-sizing:content] sm:text-sm"
        />
        {busy ? (
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Stop"
            onClick={props.onStop}
            className="shrink-0"
          >
            <Square className="h-3.5 w-3.5 fill-current" aria-hidden />
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon"
            aria-label="Send message"
            disabled={locked || value.trim() === ""}
            className="shrink-0"
          >
            <SendHorizontal className="h-4 w-4" aria-hidden />
          </Button>
        )}
      </div>
      {props.route ? <RouteLine id={routeId} route={props.route} onSwitch={props.onSwitchRoute} /> : null}
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-slate-500">
        <p id={hintId}>{CHAT_HINT}</p>
        {props.counter ? (
          <p className="font-medium text-brand-700" data-testid="marin-prompt-counter">
            {props.counter}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function LoreList({ lore, leftOut }: { lore: LoreUse[]; leftOut: number }) {
  if (lore.length === 0) return null;
  return (
    <div className="mt-1 rounded-lg border border-brand-100 bg-white p-2" data-testid="marin-context-lore">
      <p className="font-semibold text-ink">Lorebook entries</p>
      <ul className="mt-1 max-h-32 space-y-0.5 overflow-y-auto">
        {lore.map((use) => (
          <li key={`${use.source}|${use.name}`}>
            <span className="font-medium text-ink">{use.name}</span> — {loreWhy(use)}
            {use.source === "story" ? null : <span className="text-slate-500"> ({use.source})</span>}
          </li>
        ))}
      </ul>
      {leftOut > 0 ? (
        <p className="mt-1 text-slate-500">{leftOut} more matched but did not fit Marin's lorebook budget.</p>
      ) : null}
    </div>
  );
}

function RouteLine({ id, route, onSwitch }: { id: string; route: Route; onSwitch: () => void }) {
  const Icon = route === "generate" ? PenLine : MessageCircle;
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs" data-testid="marin-route">
      <p
        id={id}
        aria-live="polite"
        className={cn(
          "flex items-center gap-1.5 font-medium",
          route === "generate" ? "text-brand-700" : "text-slate-600",
        )}
      >
        <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
        {ROUTE_TEXTS[route].says}
      </p>
      <button
        type="button"
        onClick={onSwitch}
        className="inline-flex cursor-pointer items-center gap-1 rounded-md px-1 py-0.5 text-brand-700 underline decoration-brand-300 underline-offset-2 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
      >
        <ArrowLeftRight className="h-3 w-3" aria-hidden />
        {ROUTE_TEXTS[route].switchTo}
      </button>
    </div>
  );
}
