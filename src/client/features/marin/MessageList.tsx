// The conversation: the writer's messages on the right, Marin's on the left, each with its time and 'Branch from
// here'; Marin's answers also with 'Another version' and, once there are two, ← n/m → (issue 32). The reply being
// streamed is announced politely as it grows.
import { Bot, ChevronLeft, ChevronRight, GitBranch, Shuffle } from "lucide-react";
import { useEffect, useRef } from "react";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import { cn } from "../../lib/cn";
import { canHaveVersions, versionsOf } from "./answer-versions";
import type { ChatMessage } from "./chat-log";
import { ChatText } from "./ChatText";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

function timeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}

export const BRANCH_FROM_HERE = "Branch from here";
export const ANOTHER_VERSION = "Another version";

/** 'Another version' and the steps between versions of Marin's answers; absent controls while a request runs. */
export interface AnswerVersionControls {
  /** False while a request runs or the daily limit is reached: no new version (stepping stays while idle). */
  canAsk: boolean;
  busy: boolean;
  onAnother: (index: number) => void;
  onStep: (index: number, delta: -1 | 1) => void;
}

const iconButton =
  "inline-flex h-6 w-6 cursor-pointer items-center justify-center rounded-md text-slate-400 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-400";

export function MessageList({
  messages,
  streamingId,
  onBranch,
  versions,
}: {
  messages: ChatMessage[];
  streamingId: string | null;
  /** 'Branch from here' on the message at that index (issue 32); absent while a request runs. */
  onBranch?: (index: number) => void;
  versions?: AnswerVersionControls;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  // A new message brings the view down; while text streams in, the column-reverse container keeps it there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new message moves the view
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);

  return (
    <div>
      <ol className="flex flex-col gap-4 px-3 py-4 sm:px-4" data-testid="marin-messages">
        {messages.map((message, index) => {
          const mine = message.role === "user";
          const streaming = message.id === streamingId;
          return (
            <li
              key={message.id}
              className={cn("flex items-end gap-2", mine ? "justify-end" : "justify-start")}
              data-testid={mine ? "marin-message-user" : "marin-message-assistant"}
            >
              {mine ? null : (
                <span className="mb-5 inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-pink-600 text-white">
                  <Bot className="h-4 w-4" aria-hidden />
                </span>
              )}
              <div className={cn("flex max-w-[85%] flex-col gap-1", mine ? "items-end" : "items-start")}>
                <div
                  className={cn(
                    "rounded-2xl px-3.5 py-2.5 text-[15px] leading-relaxed break-words shadow-sm",
                    mine
                      ? "rounded-br-md bg-brand-600 text-white"
                      : message.note
                        ? "rounded-bl-md border border-brand-100 bg-brand-50 text-slate-700"
                        : "rounded-bl-md border border-brand-100 bg-white text-ink",
                  )}
                  aria-live={streaming ? "polite" : undefined}
                  aria-busy={streaming || undefined}
                >
                  <span className="sr-only">{mine ? "You: " : "Marin: "}</span>
                  {message.content ? (
                    <ChatText text={message.content} end={streaming ? <Caret /> : null} />
                  ) : streaming ? (
                    <span className="text-slate-500">
                      Marin is thinking… <Caret />
                    </span>
                  ) : null}
                </div>
                <div className={cn("flex items-center gap-1 px-1", mine ? "flex-row-reverse" : "")}>
                  <time dateTime={message.timestamp} className="text-[11px] text-slate-500">
                    {timeOf(message.timestamp)}
                  </time>
                  {onBranch && !streaming && message.content.trim() !== "" ? (
                    <button
                      type="button"
                      onClick={() => onBranch(index)}
                      aria-label={BRANCH_FROM_HERE}
                      title={BRANCH_FROM_HERE}
                      className="inline-flex h-6 w-6 cursor-pointer items-center justify-center rounded-md text-slate-400 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
                    >
                      <GitBranch className="h-3.5 w-3.5" aria-hidden />
                    </button>
                  ) : null}
                  {versions && !mine && (streaming || canHaveVersions(messages, index)) ? (
                    <AnswerVersions message={message} index={index} controls={versions} streaming={streaming} />
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div ref={endRef} />
    </div>
  );
}

function AnswerVersions({
  message,
  index,
  controls,
  streaming,
}: {
  message: ChatMessage;
  index: number;
  controls: AnswerVersionControls;
  streaming: boolean;
}) {
  const all = versionsOf(message);
  const count = all.length;
  const shown = message.chosen ?? count - 1;
  const full = count >= MARIN_LIMITS.versions;
  const still = controls.busy || streaming;
  return (
    <span className="inline-flex items-center" data-testid="marin-answer-versions">
      <button
        type="button"
        onClick={() => controls.onAnother(index)}
        disabled={!controls.canAsk || full || still}
        aria-label={ANOTHER_VERSION}
        title={full ? `At most ${MARIN_LIMITS.versions} versions of an answer.` : ANOTHER_VERSION}
        className={iconButton}
      >
        <Shuffle className="h-3.5 w-3.5" aria-hidden />
      </button>
      {count > 1 && !streaming ? (
        <>
          <button
            type="button"
            onClick={() => controls.onStep(index, -1)}
            disabled={still || shown === 0}
            aria-label="Previous version"
            title="Previous version"
            className={iconButton}
          >
            <ChevronLeft className="h-3.5 w-3.5" aria-hidden />
          </button>
          <span className="min-w-7 text-center text-[11px] tabular-nums text-slate-600">
            <span className="sr-only">
              Version {shown + 1} of {count}
            </span>
            <span aria-hidden>
              {shown + 1}/{count}
            </span>
          </span>
          <button
            type="button"
            onClick={() => controls.onStep(index, 1)}
            disabled={still || shown === count - 1}
            aria-label="Next version"
            title="Next version"
            className={iconButton}
          >
            <ChevronRight className="h-3.5 w-3.5" aria-hidden />
          </button>
        </>
      ) : null}
    </span>
  );
}

function Caret() {
  return (
    <span className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-brand-400" aria-hidden />
  );
}
