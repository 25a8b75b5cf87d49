// The audit log for admins: every moderation action and role change, newest first (the latest 50).
import { timeAgo } from "../community/notification-text";
import { ACTION_LABELS } from "./labels";
import { useAudit } from "./queries";

export function AuditLog() {
  const audit = useAudit();
  const items = audit.data?.items ?? [];
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="font-serif text-2xl font-bold text-ink">
        Audit log
      </h2>
      {audit.isLoading ? (
        <p className="text-sm text-slate-500">Loading the audit log…</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing has been done yet.</p>
      ) : (
        <ul className="divide-y divide-brand-100 overflow-hidden rounded-2xl border border-brand-100 bg-white text-sm">
          {items.map((entry) => (
            <li key={entry.id} className="px-4 py-3 [overflow-wrap:anywhere]" data-testid="audit-entry">
              <p className="text-ink">
                <span className="font-semibold">{entry.actor}</span> · {ACTION_LABELS[entry.action] ?? entry.action} ·{" "}
                {entry.targetType} {entry.targetId}
              </p>
              <p className="text-slate-600">{entry.reason}</p>
              <time dateTime={entry.createdAt} className="text-xs text-slate-500">
                {timeAgo(entry.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
