// The sidebar's bell: a link to the notifications page with the unread count. The count is asked for again on every
// navigation, when the window gets focus or the tab shows again, and every minute while the tab is visible (never
// while it is hidden): one indexed, capped count on the server each time (queries.ts).
import { Bell } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { UNREAD_CAP } from "../../../shared/schemas/community";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";
import { useUnreadCount } from "./queries";

export const badgeText = (n: number) => (n >= UNREAD_CAP ? "99+" : String(n));

export function NotificationBell({ collapsed }: { collapsed: boolean }) {
  const [path] = useLocation();
  const { data, refetch } = useUnreadCount();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger; a new page asks again.
  useEffect(() => {
    void refetch();
  }, [path, refetch]);
  // Switching back from another window leaves the tab visible all along: `visibilitychange` does not fire.
  useEffect(() => {
    const again = () => void refetch({ cancelRefetch: false });
    window.addEventListener("focus", again);
    return () => window.removeEventListener("focus", again);
  }, [refetch]);
  const unread = data?.unread ?? 0;
  const active = path === ROUTES.notifications;
  const label = unread > 0 ? `Notifications, ${badgeText(unread)} unread` : "Notifications";
  const anchor = (
    <Link
      href={ROUTES.notifications}
      aria-current={active ? "page" : undefined}
      aria-label={label}
      data-testid="notification-bell"
      className={cn(
        "relative flex h-10 items-center gap-3 rounded-lg px-2.5 text-sm font-medium transition-colors",
        active ? "bg-brand-100 text-brand-800" : "text-slate-600 hover:bg-brand-50 hover:text-ink",
      )}
    >
      <Bell className="h-5 w-5 shrink-0" aria-hidden />
      {!collapsed && <span className="truncate">Notifications</span>}
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notification-count"
          className={cn(
            "min-w-5 rounded-full bg-pink-600 px-1.5 text-center text-xs font-bold leading-5 text-white tabular-nums",
            collapsed ? "absolute -right-1 -top-1" : "ml-auto",
          )}
        >
          {badgeText(unread)}
        </span>
      )}
    </Link>
  );
  return <div className="px-3 pt-1">{collapsed ? <Tooltip content="Notifications">{anchor}</Tooltip> : anchor}</div>;
}
