// /dashboard/notifications: the newest first, a page at a time; unread ones marked, each with 'Mark as read'; opening
// one marks it read too. 'Mark all as read' at the top.
import { Bell, Check, CheckCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import type { NotificationView } from "../../../shared/schemas/community";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { PersonMenu } from "../safety/PersonMenu";
import { InvitationAnswer } from "../co-creators/InvitationAnswer";
import { notificationText, timeAgo } from "./notification-text";
import { LinkAnswer } from "../gifts/GiftLines";
import { useAppeal, useMarkAllRead, useMarkRead, useNotifications } from "./queries";

export function NotificationList() {
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((n) => !n.read);
  return (
    <section aria-labelledby="notifications-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="notifications-heading" className="font-serif text-3xl font-bold text-ink">
          Notifications
        </h1>
        <Button
          variant="outline"
          size="sm"
          disabled={!anyUnread || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, { onError: (e) => toast({ title: errorMessage(e), variant: "destructive" }) })
          }
        >
          <CheckCheck className="h-4 w-4" aria-hidden /> Mark all as read
        </Button>
      </div>
      {list.isLoading ? (
        <p className="text-sm text-slate-500">Loading notifications…</p>
      ) : list.isError ? (
        <p className="text-sm text-red-700">Couldn't load your notifications. Please try again.</p>
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-brand-200 bg-white p-8 text-center text-slate-600">
          <Bell className="mx-auto mb-2 h-6 w-6 text-brand-400" aria-hidden />
          No notifications yet. Comments, replies, followers and new work from authors you follow show up here.
        </div>
      ) : (
        // NOTE: no overflow-hidden (it would cut off an item's '…' menu); the items round their own corners.
        <ul className="divide-y divide-brand-100 rounded-2xl border border-brand-100 bg-white">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="w-full"
          disabled={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </section>
  );
}

function NotificationItem({ notification: n }: { notification: NotificationView }) {
  const markRead = useMarkRead();
  const text = notificationText(n);
  const open = () => {
    if (!n.read) markRead.mutate(n.id);
  };
  const body = (
    <>
      {text.before}
      {text.title && <span className="font-semibold text-ink">{text.title}</span>}
      {text.after}
    </>
  );
  const linkClass = "text-slate-700 hover:underline focus-visible:underline";
  return (
    <li
      className={cn(
        "flex items-start gap-3 px-4 py-3 first:rounded-t-2xl last:rounded-b-2xl",
        !n.read && "bg-brand-50/60",
      )}
      data-testid="notification"
      data-read={n.read}
    >
      <span
        aria-hidden
        className={cn("mt-2 h-2 w-2 shrink-0 rounded-full", n.read ? "bg-transparent" : "bg-pink-600")}
      />
      <div className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
        {text.external ? (
          <a href={text.href} className={linkClass} onClick={open}>
            {body}
          </a>
        ) : (
          <Link href={text.href} className={linkClass} onClick={open}>
            {body}
          </Link>
        )}
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
          {!n.read && <span className="sr-only">Unread. </span>}
          <time dateTime={n.createdAt}>{timeAgo(n.createdAt)}</time>
          {!n.read && (
            <button
              type="button"
              className="inline-flex cursor-pointer items-center gap-1 rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-60"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(n.id)}
            >
              <Check className="h-3.5 w-3.5" aria-hidden /> Mark as read
            </button>
          )}
          <InvitationAnswer notification={n} onAnswered={open} />
          {n.moderation?.appealable && <AppealButton auditId={n.moderation.auditId} />}
          {n.moderation?.appealed && n.type === "moderation_action" && <span>Appeal sent</span>}
          {n.type === "related_work" && n.subject && <LinkAnswer subject={n.subject} />}
        </div>
      </div>
      {n.actor && <PersonMenu username={n.actor.username} label={`More for ${n.actor.username}`} />}
    </li>
  );
}

/** Issue 18: 'Appeal' opens a short form under the notification; one appeal per decision. */
function AppealButton({ auditId }: { auditId: number }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const appeal = useAppeal();
  const id = useId();
  if (!open) {
    return (
      <button
        type="button"
        className="inline-flex cursor-pointer items-center gap-1 rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
        onClick={() => setOpen(true)}
      >
        Appeal
      </button>
    );
  }
  return (
    <form
      className="mt-2 w-full space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        appeal.mutate(
          { auditId, text },
          {
            onSuccess: () => toast({ title: "Your appeal was sent. A moderator will review it." }),
            onError: (e) => toast({ title: errorMessage(e), variant: "destructive" }),
          },
        );
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Why should this decision change?
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={2000}
        rows={3}
        required
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded-lg border border-brand-200 p-2 text-sm text-ink"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={appeal.isPending || text.trim() === ""}>
          Send appeal
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
