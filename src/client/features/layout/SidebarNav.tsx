// The sidebar's links with their highlighting rules; collapsed, each is an icon with a tooltip.
import {
  BookMarked,
  Compass,
  FolderHeart,
  Crown,
  Gift,
  History,
  Home,
  Library,
  type LucideIcon,
  PenSquare,
  Settings,
  ShieldCheck,
  Tags,
} from "lucide-react";
import { Link, useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";

interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
  isActive: (path: string) => boolean;
}

const LINKS: NavLink[] = [
  // The dashboard is the writer's home (their stories, today's writing), so it is 'Home', highlighted there only;
  // 'Discover' is the browse page, and highlighted there.
  { href: ROUTES.dashboard, label: "Home", icon: Home, isActive: (p) => p === ROUTES.dashboard },
  { href: ROUTES.create, label: "Create Story", icon: PenSquare, isActive: (p) => p.includes("/create") },
  { href: ROUTES.discover, label: "Discover", icon: Compass, isActive: (p) => p === ROUTES.discover },
  { href: ROUTES.history, label: "History", icon: History, isActive: (p) => p.startsWith(ROUTES.history) },
  { href: ROUTES.seriesList, label: "Series", icon: Library, isActive: (p) => p.startsWith(ROUTES.seriesList) },
  {
    href: ROUTES.myAssignments,
    label: "My assignments",
    icon: Gift,
    // A participant's exchange page is theirs; its maintainers' page belongs with the collection's.
    isActive: (p) =>
      p.startsWith(ROUTES.myAssignments) || (p.startsWith("/dashboard/exchanges") && !p.endsWith("/manage")),
  },
  {
    href: ROUTES.collections,
    label: "Collections",
    icon: FolderHeart,
    isActive: (p) =>
      p.startsWith(ROUTES.collections) || (p.startsWith("/dashboard/exchanges") && p.endsWith("/manage")),
  },
  { href: ROUTES.canon, label: "Canon packs", icon: BookMarked, isActive: (p) => p.startsWith(ROUTES.canon) },
  {
    href: ROUTES.settings,
    label: "Settings",
    icon: Settings,
    isActive: (p) => p.startsWith(ROUTES.settings),
  },
];
const UPGRADE: NavLink = {
  href: ROUTES.upgrade,
  label: "Upgrade",
  icon: Crown,
  isActive: (p) => p.startsWith(ROUTES.upgrade),
};

/** Issue 18: only for moderators and admins (the server checks the role again on every call). */
const MODERATION: NavLink = {
  href: ROUTES.moderation,
  label: "Moderation",
  icon: ShieldCheck,
  isActive: (p) => p.startsWith(ROUTES.moderation),
};

/** Issue 31: only for wranglers, moderators and admins. */
const WRANGLING: NavLink = {
  href: ROUTES.wrangling,
  label: "Tag wrangling",
  icon: Tags,
  isActive: (p) => p.startsWith(ROUTES.wrangling),
};

export function SidebarNav({
  collapsed,
  isPremium,
  isModerator = false,
  isWrangler = false,
}: {
  collapsed: boolean;
  isPremium: boolean;
  isModerator?: boolean;
  isWrangler?: boolean;
}) {
  const [path] = useLocation();
  const links = [
    ...LINKS,
    ...(isModerator ? [MODERATION] : []),
    ...(isWrangler ? [WRANGLING] : []),
    ...(isPremium ? [] : [UPGRADE]),
  ];
  return (
    <nav aria-label="Dashboard" className="space-y-1 px-3">
      {links.map((link) => (
        <SidebarLink key={link.href} link={link} active={link.isActive(path)} collapsed={collapsed} />
      ))}
    </nav>
  );
}

function SidebarLink({ link, active, collapsed }: { link: NavLink; active: boolean; collapsed: boolean }) {
  const Icon = link.icon;
  const anchor = (
    <Link
      href={link.href}
      aria-current={active ? "page" : undefined}
      aria-label={collapsed ? link.label : undefined}
      className={cn(
        "flex h-10 items-center gap-3 rounded-lg px-2.5 text-sm font-medium transition-colors",
        active ? "bg-brand-100 text-brand-800" : "text-slate-600 hover:bg-brand-50 hover:text-ink",
        link.href === UPGRADE.href && !active && "text-amber-700",
      )}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      {!collapsed && <span className="truncate">{link.label}</span>}
    </Link>
  );
  return collapsed ? <Tooltip content={link.label}>{anchor}</Tooltip> : anchor;
}
