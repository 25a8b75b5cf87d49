// One row of Settings → Account and security: an icon, what it is, its state, and the action that changes it.
import type { ReactNode } from "react";

export function Row({
  icon,
  title,
  detail,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-brand-50 py-4 first:border-t-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 text-brand-600" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <p className="font-medium text-ink">{title}</p>
          <div className="break-words text-sm text-slate-600">{detail}</div>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 pl-8 sm:pl-0">{action}</div>
    </div>
  );
}
