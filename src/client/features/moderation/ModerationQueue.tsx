// The moderation queue: one card per target (its reports counted, with their reasons), oldest first, the target
// shown in place, and a form to act on it with a required reason.
import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { authorPath, ROUTES } from "../../../shared/routes";
import type { ModerationAction, QueueGroup, TargetView } from "../../../shared/schemas/moderation";
import { SUSPENSION_DAYS } from "../../../shared/schemas/moderation";
import { CONTENT_RATINGS } from "../../../shared/tagging";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { timeAgo } from "../community/notification-text";
import { ACTION_LABELS, actionsFor, REASON_LABELS } from "./labels";
import { useModerate, useQueue } from "./queries";

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function ModerationQueue() {
  const queue = useQueue();
  const groups = queue.data?.groups ?? [];
  return (
    <section aria-labelledby="moderation-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="moderation-heading" className="font-serif text-3xl font-bold text-ink">
          Moderation
        </h1>
        {groups.length > 0 && (
          <p className="text-sm text-slate-600">
            {groups.length} {groups.length === 1 ? "item" : "items"} to review, oldest first
          </p>
        )}
      </div>
      {queue.isLoading ? (
        <p className="text-sm text-slate-500">Loading the queue…</p>
      ) : queue.isError ? (
        <p className="text-sm text-red-700">
          {errorMessage(queue.error, "Couldn't load the queue. Please try again.")}
        </p>
      ) : groups.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-brand-200 bg-white p-8 text-center text-slate-600">
          <ShieldCheck className="mx-auto mb-2 h-6 w-6 text-brand-400" aria-hidden />
          Nothing to review. New reports, appeals and held comments show up here.
        </div>
      ) : (
        <ul className="space-y-4">
          {groups.map((group) => (
            <QueueCard key={`${group.kind}:${group.targetType}:${group.targetId}`} group={group} />
          ))}
        </ul>
      )}
    </section>
  );
}

function headline(group: QueueGroup): string {
  if (group.kind === "held") return "Held comment from a new account (has a link)";
  if (group.kind === "appeal") return "Appeal";
  return `${group.count} ${group.count === 1 ? "report" : "reports"}`;
}

function QueueCard({ group }: { group: QueueGroup }) {
  const reasons = Object.entries(group.reasons).filter(([reason]) => reason !== "appeal");
  return (
    <li
      className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5"
      data-testid="queue-item"
      data-target={`${group.targetType}:${group.targetId}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-semibold text-brand-800">{headline(group)}</span>
        <span className="text-slate-500">
          {group.targetType} · first {timeAgo(group.oldestAt)}
        </span>
        {reasons.map(([reason, n]) => (
          <span key={reason} className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {REASON_LABELS[reason] ?? reason}
            {n > 1 ? ` ×${n}` : ""}
          </span>
        ))}
      </div>
      <TargetInPlace target={group.target} />
      {group.owner && group.target.type !== "user" && (
        <p className="text-sm text-slate-600">
          Belongs to{" "}
          <a href={authorPath(group.owner.username)} className="font-semibold text-brand-700 hover:underline">
            {group.owner.username}
          </a>
          {group.owner.role !== "user" && ` (${group.owner.role})`}
          {group.owner.suspendedUntil &&
            new Date(group.owner.suspendedUntil).getTime() > Date.now() &&
            (new Date(group.owner.suspendedUntil).getUTCFullYear() >= 9999
              ? " · banned"
              : ` · suspended until ${DATE.format(new Date(group.owner.suspendedUntil))}`)}
        </p>
      )}
      {group.appealOf && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Appeal against <strong>{ACTION_LABELS[group.appealOf.action] ?? group.appealOf.action}</strong>, decided{" "}
          {timeAgo(group.appealOf.at)} with the reason: “{group.appealOf.reason}”
        </p>
      )}
      {group.reports.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700">
          {group.reports.slice(0, 5).map((report) => (
            <li key={report.id} className="[overflow-wrap:anywhere]">
              <span className="font-semibold">{report.reporter ?? "[deleted user]"}</span>
              {group.kind === "report" && ` · ${REASON_LABELS[report.reason] ?? report.reason}`}
              {report.details && `: ${report.details}`}
            </li>
          ))}
          {group.reports.length > 5 && <li className="text-slate-500">and {group.reports.length - 5} more</li>}
        </ul>
      )}
      <ActionForm group={group} />
    </li>
  );
}

function TargetInPlace({ target }: { target: TargetView }) {
  const box = "rounded-xl border border-brand-100 bg-brand-50/40 p-3 text-sm [overflow-wrap:anywhere]";
  switch (target.type) {
    case "comment":
      return (
        <div className={box}>
          <p className="whitespace-pre-wrap text-ink" data-testid="queue-comment-text">
            {target.state === "deleted" ? <em className="text-slate-500">[deleted by its writer]</em> : target.text}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            Comment by {target.author?.username ?? "[deleted user]"} on{" "}
            <Link href={ROUTES.read(target.story.id)} className="text-brand-700 hover:underline">
              {target.story.title || "Untitled"}
            </Link>
            {target.state === "hidden" && " · hidden"}
            {target.state === "held" && " · awaiting review"}
          </p>
        </div>
      );
    case "story":
    case "chapter":
      return (
        <div className={box}>
          <p className="font-semibold text-ink">
            {target.chapter !== null &&
              `Chapter ${target.chapter}${target.chapterTitle ? `: ${target.chapterTitle}` : ""} of `}
            <Link href={ROUTES.read(target.id)} className="text-brand-700 hover:underline">
              {target.title}
            </Link>
          </p>
          {target.description && <p className="mt-1 line-clamp-3 text-slate-700">{target.description}</p>}
          <p className="mt-1 text-xs text-slate-500">
            Rated {CONTENT_RATINGS.find((r) => r.id === target.contentRating)?.label ?? target.contentRating}
            {!target.published && " · not published"}
            {target.hiddenByModerator && " · unpublished by a moderator"}
          </p>
        </div>
      );
    case "user":
      return (
        <div className={box}>
          <p className="font-semibold text-ink">
            Profile of{" "}
            <a href={authorPath(target.username)} className="text-brand-700 hover:underline">
              {target.username}
            </a>
          </p>
          {target.description && <p className="mt-1 text-slate-700">{target.description}</p>}
        </div>
      );
    default:
      return <p className={box}>This no longer exists (deleted since it was reported).</p>;
  }
}

function ActionForm({ group }: { group: QueueGroup }) {
  const options = actionsFor(group.kind, group.target);
  const [action, setAction] = useState<ModerationAction>(options[0]!);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("7");
  const [rating, setRating] = useState("mature");
  const moderate = useModerate();
  const id = useId();
  return (
    <form
      className="grid gap-3 border-t border-brand-100 pt-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        moderate.mutate(
          {
            action,
            targetType: group.targetType,
            targetId: group.targetId,
            reason,
            ...(action === "suspend-user" ? { days: Number(days) } : {}),
            ...(action === "set-rating" ? { rating: rating as never } : {}),
          },
          {
            onSuccess: () => toast({ title: "Applied. Everyone concerned is told." }),
            onError: (e) => toast({ title: errorMessage(e), variant: "destructive" }),
          },
        );
      }}
    >
      <div className="space-y-2">
        <label htmlFor={`${id}-action`} className="block text-sm font-semibold text-ink">
          Action
        </label>
        <select
          id={`${id}-action`}
          value={action}
          onChange={(event) => setAction(event.target.value as ModerationAction)}
          className="h-10 w-full rounded-lg border border-brand-200 bg-white px-2 text-sm text-ink"
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {group.kind === "held" && option === "restore" ? "Approve the comment" : ACTION_LABELS[option]}
            </option>
          ))}
        </select>
        {action === "suspend-user" && (
          <label className="block text-sm text-slate-700">
            Days
            <input
              type="number"
              min={SUSPENSION_DAYS.min}
              max={SUSPENSION_DAYS.max}
              required
              value={days}
              onChange={(event) => setDays(event.target.value)}
              className="mt-1 h-10 w-full rounded-lg border border-brand-200 px-2 text-sm text-ink"
            />
          </label>
        )}
        {action === "set-rating" && (
          <label className="block text-sm text-slate-700">
            New rating
            <select
              value={rating}
              onChange={(event) => setRating(event.target.value)}
              className="mt-1 h-10 w-full rounded-lg border border-brand-200 bg-white px-2 text-sm text-ink"
            >
              {CONTENT_RATINGS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="space-y-2">
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-ink">
          Reason <span className="font-normal text-slate-500">(the person acted on reads it)</span>
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          required
          maxLength={2000}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
          className="w-full rounded-lg border border-brand-200 p-2 text-sm text-ink"
        />
        <Button type="submit" size="sm" disabled={moderate.isPending || reason.trim() === ""}>
          Apply
        </Button>
      </div>
    </form>
  );
}
