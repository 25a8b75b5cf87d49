// The app's route table: every link and navigation in the client is written with it. The server
// uses isClientRoute to answer unknown pages with 404.
type Id = number | string;

/** A title as a URL slug: lower case letters and digits joined by hyphens, at most 60 characters. */
export function slugOf(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** The public page's path for a story: /s/{id}-{slug}. */
export function publicStoryPath(id: number, title: string): string {
  const slug = slugOf(title);
  return slug ? `/s/${id}-${slug}` : `/s/${id}`;
}

/** Issue 30: a series' public page, rendered by the server: /series/{id}-{slug}. */
export function seriesPath(id: number, title: string): string {
  const slug = slugOf(title);
  return slug ? `/series/${id}-${slug}` : `/series/${id}`;
}

/** Issue 30: a reader's public bookmarks (server-rendered). */
export function authorBookmarksPath(username: string): string {
  return `/u/${encodeURIComponent(username)}/bookmarks`;
}

/** Issue 30: the works gifted to a user (server-rendered). */
export function authorGiftsPath(username: string): string {
  return `/u/${encodeURIComponent(username)}/gifts`;
}

/** Issue 30: 'Bookmarks of this work': readers' public bookmarks of one work, with their notes and recs. */
export function storyBookmarksPath(id: number, title: string): string {
  return `${publicStoryPath(id, title)}/bookmarks`;
}

/** Issue 33: a collection's public page, rendered by the server: /c/{name}. */
export function collectionPath(name: string): string {
  return `/c/${encodeURIComponent(name)}`;
}

/** An author's public page: /u/{username} (rendered by the server; names are matched without regard to case). */
export function authorPath(username: string): string {
  return `/u/${encodeURIComponent(username)}`;
}

export const ROUTES = {
  landing: "/",
  auth: "/auth",
  /** /auth opened on its Sign Up tab; a plain link, so it works from the prerendered landing page before any script. */
  signUp: "/auth?tab=signup",
  authSuccess: "/auth-success",
  emailConfirmed: "/email-confirmed",
  /** Where the email-change and undo links land (issue 18). */
  emailChange: "/email-change",
  resetPassword: "/reset-password",
  privacy: "/privacy",
  terms: "/terms",
  dashboard: "/dashboard",
  discover: "/dashboard/discover",
  create: "/dashboard/create",
  // NOTE: literal return types, so `ROUTES.story(":id")` is a wouter pattern whose params are typed.
  story: <T extends Id>(id: T) => `/dashboard/story/${id}` as const,
  read: <T extends Id>(id: T) => `/dashboard/story/${id}/read` as const,
  details: <T extends Id>(id: T) => `/dashboard/story/${id}/details` as const,
  /** The details page with the Feedback panel open at one comment (a comment notification). */
  feedbackAt: (id: Id, commentId: number) => `/dashboard/story/${id}/details?comment=${commentId}`,
  upgrade: "/dashboard/upgrade",
  settings: "/dashboard/settings",
  /** Settings' 'Blocked and muted' card, where a block is lifted. */
  blockedAndMuted: "/dashboard/settings#blocked-and-muted",
  notifications: "/dashboard/notifications",
  history: "/dashboard/history",
  /** Issue 30: Saved Stories in full, with notes, tags and filters. */
  savedStories: "/dashboard/bookmarks",
  /** Issue 30: the writer's series, and one series to edit. */
  seriesList: "/dashboard/series",
  seriesEdit: <T extends Id>(id: T) => `/dashboard/series/${id}` as const,
  /** Issue 33: a collection's prompt meme. */
  promptMeme: <T extends string>(name: T) => `/dashboard/collections/${name}/prompts` as const,
  /** Issue 33: a collection's gift exchange (sign up), its maintainers' page, and the viewer's assignments. */
  exchange: <T extends string>(name: T) => `/dashboard/exchanges/${name}` as const,
  exchangeManage: <T extends string>(name: T) => `/dashboard/exchanges/${name}/manage` as const,
  myAssignments: "/dashboard/assignments",
  /** Issue 33: the user's collections, and one collection to manage (its maintainers). */
  collections: "/dashboard/collections",
  collectionManage: <T extends string>(name: T) => `/dashboard/collections/${name}` as const,
  /** Issue 20: canon packs, a lorebook per fandom. */
  canon: "/dashboard/canon",
  /** The Report form on its own page, for links from pages without script (the author page). */
  report: (type: "story" | "chapter" | "comment" | "user", target: string) =>
    `/dashboard/report?type=${type}&target=${encodeURIComponent(target)}`,
  reportPattern: "/dashboard/report",
  /** Issue 18: the moderation queue (moderators and admins). */
  moderation: "/dashboard/moderation",
  /** Issue 31: the tag wrangling queue (wranglers, moderators and admins). */
  wrangling: "/dashboard/wrangling",
  /** The public page of a published story, rendered by the server (not a client route). */
  publicStory: publicStoryPath,
  /** An author's public page, rendered by the server (not a client route). */
  author: authorPath,
} as const;

const CLIENT_PATTERNS = [
  /^\/$/,
  /^\/auth$/,
  /^\/auth-success$/,
  /^\/email-confirmed$/,
  /^\/email-change$/,
  /^\/reset-password$/,
  /^\/(privacy|terms)$/,
  /^\/dashboard$/,
  /^\/dashboard\/discover$/,
  /^\/dashboard\/create$/,
  /^\/dashboard\/story\/\d+$/,
  /^\/dashboard\/story\/\d+\/(read|details)$/,
  /^\/dashboard\/upgrade$/,
  /^\/dashboard\/settings$/,
  /^\/dashboard\/notifications$/,
  /^\/dashboard\/history$/,
  /^\/dashboard\/bookmarks$/,
  /^\/dashboard\/series(\/\d+)?$/,
  /^\/dashboard\/collections(\/[a-z0-9_]{3,40})?$/,
  /^\/dashboard\/canon$/,
  /^\/dashboard\/collections\/[a-z0-9_]{3,40}\/prompts$/,
  /^\/dashboard\/exchanges\/[a-z0-9_]{3,40}(\/manage)?$/,
  /^\/dashboard\/assignments$/,
  /^\/dashboard\/report$/,
  /^\/dashboard\/moderation$/,
  /^\/dashboard\/wrangling$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return CLIENT_PATTERNS.some((p) => p.test(path));
}
