// The dashboard sidebar: 240 px expanded, 64 px collapsed (icons only), 0.2 s width animation.
import { LogOut, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { Link, useLocation } from "wouter";
import { SIDEBAR_ANIMATION_S, SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from "../../../shared/limits";
import { ROUTES } from "../../../shared/routes";
import { PLUS_BRAND, PLUS_NAME } from "../../../shared/schemas/billing";
import { LogoMark } from "../../components/ui/logo";
import { Spinner } from "../../components/ui/spinner";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";
import { useAuth } from "../auth/auth-context";
import { avatarInitial } from "../auth/avatar";
import { SidebarLists } from "./SidebarLists";
import { canWrangle } from "../../../shared/schemas/wrangling";
import { SidebarNav } from "./SidebarNav";
import { NotificationBell } from "../community/NotificationBell";
import { useSidebar } from "./sidebar-state";

export function Sidebar() {
  const { user, logoutMutation } = useAuth();
  const { collapsed, forced, toggle } = useSidebar();
  const [, navigate] = useLocation();
  if (!user) return null;

  const brand = user.isPremium ? PLUS_BRAND : "FicForge";
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const signOut = () => logoutMutation.mutate(undefined, { onSuccess: () => navigate(ROUTES.auth, { replace: true }) });
  const signOutButton = (
    <button
      type="button"
      onClick={signOut}
      disabled={logoutMutation.isPending}
      aria-label={collapsed ? "Sign out" : undefined}
      className="flex h-10 w-full cursor-pointer items-center gap-3 rounded-lg px-2.5 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-60"
    >
      {logoutMutation.isPending ? (
        <Spinner className="h-5 w-5 shrink-0" label="Signing out" />
      ) : (
        <LogOut className="h-5 w-5 shrink-0" aria-hidden />
      )}
      {!collapsed && "Sign out"}
    </button>
  );

  return (
    <aside
      aria-label="Sidebar"
      data-app-sidebar
      data-collapsed={collapsed}
      className="sticky top-0 flex h-screen shrink-0 flex-col overflow-x-hidden overflow-y-auto border-r border-brand-100 bg-white"
      style={{
        width: collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX,
        transition: `width ${SIDEBAR_ANIMATION_S}s ease`,
      }}
    >
      <div className={cn("flex items-center gap-2 px-3 pb-3 pt-4", collapsed && "flex-col")}>
        <Link href={ROUTES.dashboard} className="flex min-w-0 items-center gap-2 font-bold text-ink" aria-label={brand}>
          <LogoMark className="shrink-0" />
          {!collapsed && <span className="truncate text-lg tracking-tight">{brand}</span>}
        </Link>
        {!forced && (
          <Tooltip content={collapsed ? "Expand sidebar" : "Collapse sidebar"}>
            <button
              type="button"
              onClick={toggle}
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              aria-expanded={!collapsed}
              className={cn(
                "flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-lg text-slate-500 hover:bg-brand-50 hover:text-ink",
                !collapsed && "ml-auto",
              )}
            >
              <ToggleIcon className="h-5 w-5" aria-hidden />
            </button>
          </Tooltip>
        )}
      </div>
      <SidebarNav
        collapsed={collapsed}
        isPremium={user.isPremium}
        isModerator={user.role === "moderator" || user.role === "admin"}
        isWrangler={canWrangle(user.role)}
      />
      <NotificationBell collapsed={collapsed} />
      <SidebarLists collapsed={collapsed} />
      <div className="mt-auto space-y-1 border-t border-brand-100 px-3 py-3">
        <div className={cn("flex items-center gap-3 px-1 py-1", collapsed && "justify-center px-0")}>
          <span
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-pink-600 text-sm font-bold text-white"
            title={user.username}
            // Collapsed (always, on a phone) the initial is all there is: name it. Expanded, the name sits beside it.
            {...(collapsed ? { role: "img", "aria-label": `Signed in as ${user.username}` } : { "aria-hidden": true })}
            data-testid="sidebar-avatar"
          >
            {avatarInitial(user.username)}
          </span>
          {!collapsed && (
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-ink">{user.username}</span>
              <span className="block truncate text-xs text-slate-500">{user.isPremium ? PLUS_NAME : "Free plan"}</span>
            </span>
          )}
        </div>
        {collapsed ? <Tooltip content="Sign out">{signOutButton}</Tooltip> : signOutButton}
      </div>
    </aside>
  );
}
