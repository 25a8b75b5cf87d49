// Every query key in one place. A key's first element is the URL the default query function
// fetches; an optional second element holds query parameters (appended as ?a=b), so invalidating by the first
// element alone refreshes every page and filter of that list.
import { VOICE_URLS } from "../../shared/schemas/voice";

type Params = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export const queryKeys = {
  user: ["/api/user"] as const,
  providers: ["/api/auth/providers"] as const,
  myStories: ["/api/stories"] as const,
  story: (id: number | string) => [`/api/stories/${id}`] as const,
  /** A story's History (features/versions): the list, and one version with its diff against the current text. */
  storyVersions: (id: number | string) => [`/api/stories/${id}/versions`] as const,
  storyVersion: (id: number | string, v: number) => [`/api/stories/${id}/versions/${v}`, { diff: "current" }] as const,
  /** Every Discover / search list; `published(params)` for one of them. */
  publishedAll: ["/api/published-stories"] as const,
  published: (params: Params) => ["/api/published-stories", params] as const,
  bookmarks: ["/api/bookmarks"] as const,
  hiddenBookmarks: ["/api/bookmarks/hidden"] as const,
  bookmark: (id: number | string) => [`/api/stories/${id}/bookmark`] as const,
  /** Issue 30: Saved Stories filtered by a bookmark tag or recs; Mark for Later, the list and one story's mark. */
  savedBookmarks: (params: Params) => ["/api/bookmarks", params] as const,
  later: ["/api/me/later"] as const,
  laterOf: (id: number | string) => [`/api/stories/${id}/later`] as const,
  read: (id: number | string) => [`/api/stories/${id}/read`] as const,
  comments: (id: number | string) => [`/api/stories/${id}/comments`] as const,
  /** Issue 31: a chapter's paragraph comment counts, and one paragraph's comments (`changed`: passages that went). */
  paragraphCounts: (id: number | string, chapter: number) =>
    [`/api/stories/${id}/paragraph-comments`, { chapter }] as const,
  paragraphComments: (id: number | string, chapter: number, paragraph: number | "changed") =>
    [`/api/stories/${id}/comments`, { chapter, paragraph, limit: 50 }] as const,
  /** The author's Feedback panel (every page), and the unseen counts of all the author's stories. */
  feedback: (id: number | string) => [`/api/stories/${id}/feedback`] as const,
  feedbackUnseen: ["/api/feedback/unseen"] as const,
  /** Stats for the author, resume reading and History (features/reading-stats). */
  stats: (id: number | string) => [`/api/stories/${id}/stats`] as const,
  progress: (id: number | string) => [`/api/stories/${id}/progress`] as const,
  continueReading: ["/api/reading/continue"] as const,
  history: ["/api/reading/history"] as const,
  readingSettings: ["/api/reading/settings"] as const,
  /** The reader's AI filter, applied to lists whose URL does not say (issue 29). */
  readingPreferences: ["/api/me/reading-preferences"] as const,
  /** Issue 31: the reader's saved Discover filters. */
  savedFilters: ["/api/saved-filters"] as const,
  /** Issue 31: the reader's font, size, width, spacing, theme and hidden tags. */
  readerSettings: ["/api/me/reader-settings"] as const,
  marinStatus: ["/api/marin"] as const,
  /** Issue 33: the user's collections (and invitations), one collection, its maintainers' queue. */
  myCollections: ["/api/me/collections"] as const,
  collection: (name: string) => [`/api/collections/${name}`] as const,
  collectionQueue: (name: string, state: "pending" | "invited") =>
    [`/api/collections/${name}/items?state=${state}`] as const,
  /** Issue 30: the writer's series, and one series as readers see it. */
  mySeries: ["/api/me/series"] as const,
  /** Issue 33: a collection's prompt meme (one list per tag filter), and the viewer's claims. */
  prompts: (name: string) => [`/api/collections/${name}/prompts`] as const,
  myClaims: ["/api/me/claims"] as const,
  series: (id: number | string) => [`/api/series/${id}`] as const,
  /** Issue 33: a collection's gift exchange, the viewer's sign-up, the maintainers' lists, my assignments. */
  exchange: (name: string) => [`/api/collections/${encodeURIComponent(name)}/exchange`] as const,
  mySignup: (name: string) => [`/api/collections/${encodeURIComponent(name)}/signups/me`] as const,
  exchangeSignups: (name: string) => [`/api/collections/${encodeURIComponent(name)}/signups`] as const,
  exchangeMatching: (name: string) => [`/api/collections/${encodeURIComponent(name)}/matching`] as const,
  myAssignments: ["/api/me/assignments"] as const,
  /** Issue 32: a series' own lorebook (its owner's), edited on the series page. */
  seriesLore: (id: number | string) => [`/api/series/${id}/lore`] as const,
  /** The story's lorebook: its entries, the canon pack entries that apply, Plus's proposals (features/lore). */
  lore: (id: number | string) => [`/api/stories/${id}/lore`] as const,
  /** Issue 32: the writer's voice (features/voice): a story's style sample or the all-stories one, and the picker. */
  styleSample: (storyId?: number | string) =>
    [storyId === undefined ? VOICE_URLS.mine : VOICE_URLS.story(storyId)] as const,
  voicePassages: [VOICE_URLS.passages] as const,
  /** 'Find characters and places' (Plus): under lore's key, so every lorebook change asks again. */
  loreFind: (id: number | string) => [`/api/stories/${id}/lore`, "find"] as const,
  /** Issue 32: where each entry of the story's lorebook is mentioned, per chapter. */
  loreMentions: (id: number | string) => [`/api/stories/${id}/lore/mentions`] as const,
  /** The story's planning board (issue 32, section 3; features/plan). */
  plan: (id: number | string) => [`/api/stories/${id}/plan`] as const,
  /** Marin's conversation about a story, kept on the server (issue 20, section 2). */
  storyChat: (id: number | string) => [`/api/stories/${id}/chat`] as const,
  /** Issue 32: one chat thread of a story (`storyChat` is its main one), and the story's threads. */
  storyChatThread: (id: number | string, thread: number) => [`/api/stories/${id}/chat`, { thread }] as const,
  storyChatThreads: (id: number | string) => [`/api/stories/${id}/chat/threads`] as const,
  /** The dashboard's daily goal and streak (issue 20, section 4). */
  habits: ["/api/habits"] as const,
  referral: ["/api/referral"] as const,
  /** Community (issue 17 section 2): the bell, the notifications page, settings, follows and the Following feed. */
  unreadNotifications: ["/api/notifications/unread-count"] as const,
  notifications: ["/api/notifications"] as const,
  notificationSettings: ["/api/notification-settings"] as const,
  follow: (name: string) => [`/api/authors/${encodeURIComponent(name)}/follow`] as const,
  subscription: (id: number | string) => [`/api/stories/${id}/subscription`] as const,
  following: ["/api/following"] as const,
  emailSettings: ["/api/email-settings"] as const,
  /** Settings' "Blocked and muted" (features/safety). */
  hiddenPeople: ["/api/blocks"] as const,
  apiTokens: ["/api/me/tokens"] as const,
  /** Settings → Account and security (issue 18 section 3). */
  signInMethods: ["/api/account/sign-in-methods"] as const,
  sessions: ["/api/account/sessions"] as const,
  exportStatus: ["/api/account/export/status"] as const,
  /** Canon packs (features/canon): the writer's own, others' published ones, a pack's entries. */
  canonPacks: ["/api/canon-packs"] as const,
  publishedCanonPacks: (fandom: string) => ["/api/canon-packs", { published: 1, fandom }] as const,
  canonEntries: (packId: number) => [`/api/canon-packs/${packId}/lore`] as const,
  /** Issue 30: a work's co-creators (features/co-creators), and whether others may invite the user (Settings). */
  coCreators: (id: number | string) => [`/api/stories/${id}/co-creators`] as const,
  coCreatorInvites: ["/api/me/co-creator-invites"] as const,
  /** Issue 31: what waits to be released: all of the writer's works (the dashboard), one work's (the editor). */
  schedules: ["/api/schedules"] as const,
  storySchedules: (id: number | string) => [`/api/stories/${id}/schedule`] as const,
};

/** The URL a key fetches: its first element plus the defined parameters of its second. */
export function urlOfKey(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (!params || typeof params !== "object") return String(path);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params as Params)) {
    // A list is a repeated parameter (Discover's `tag=a&tag=b`).
    if (Array.isArray(value)) for (const item of value) search.append(name, item);
    else if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${String(path)}?${query}` : String(path);
}
