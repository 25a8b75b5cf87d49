// Issue 30: Saved Stories in full (/dashboard/bookmarks): every bookmark with its note, tags, Rec and Private marks,
// filtered by one of the reader's tags or by recs (kept in the URL), each editable. The sidebar keeps its short list.
import { BookMarked } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { authorBookmarksPath, ROUTES } from "../../../shared/routes";
import type { BookmarkItem } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { AiBadge } from "../ai/AiBadge";
import { useAuth } from "../auth/auth-context";
import { OfflineList } from "../offline/OfflineList";
import { BookmarkDialog } from "./BookmarkDialog";
import { useSavedBookmarks } from "./queries";

function readFilter(search: string): { tag?: string; rec?: boolean } {
  const params = new URLSearchParams(search);
  const tag = params.get("tag")?.trim() || undefined;
  const rec = params.get("rec") === "true" ? true : undefined;
  return { tag, rec };
}

function filterSearch(filter: { tag?: string; rec?: boolean }): string {
  const params = new URLSearchParams();
  if (filter.tag) params.set("tag", filter.tag);
  if (filter.rec) params.set("rec", "true");
  const query = params.toString();
  return query ? `?${query}` : "";
}

function SavedRow({ item, onTag }: { item: BookmarkItem; onTag: (tag: string) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm" data-testid="saved-item">
      <div className="flex items-start gap-3">
        {item.coverImage ? (
          <img src={item.coverImage} alt="" className="h-16 w-12 shrink-0 rounded object-cover" loading="lazy" />
        ) : (
          <span className="flex h-16 w-12 shrink-0 items-center justify-center rounded bg-brand-50 text-brand-400">
            <BookMarked className="h-5 w-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link href={ROUTES.read(item.id)} className="font-semibold text-ink hover:underline">
              {item.title}
            </Link>
            {item.rec ? (
              <span className="rounded-full bg-pink-600 px-2 py-0.5 text-xs font-bold uppercase text-white">Rec</span>
            ) : null}
            {item.private ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                Private
              </span>
            ) : null}
          </div>
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            by {item.author.username}
            <AiBadge label={item.aiLabel} aiShare={item.aiShare} />
          </p>
          {item.note ? <p className="whitespace-pre-line text-sm text-slate-800">{item.note}</p> : null}
          {item.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Your tags">
              {item.tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    onClick={() => onTag(tag)}
                    className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 hover:bg-brand-100"
                  >
                    {tag}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setEditing(true)}
          aria-label={`Edit bookmark of ${item.title}`}
        >
          Edit
        </Button>
      </div>
      <BookmarkDialog
        storyId={item.id}
        title={item.title}
        state={{ bookmarked: true, ...item }}
        open={editing}
        onOpenChange={setEditing}
      />
    </li>
  );
}

export function SavedStoriesPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = readFilter(search);
  const saved = useSavedBookmarks(filter);
  // The tag choices come from the whole list (the same query Saved Stories in the sidebar runs).
  const all = useSavedBookmarks({});
  const { user } = useAuth();
  const tags = [...new Set((all.data ?? []).flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b));
  const go = (next: { tag?: string; rec?: boolean }) => navigate(`${ROUTES.savedStories}${filterSearch(next)}`);
  const items = saved.data ?? [];
  const filtered = filter.tag !== undefined || filter.rec !== undefined;
  // Issue 31: the works kept for offline; first when the bookmarks could not be loaded (as without a network).
  const offline = user ? <OfflineList ownerId={user.id} /> : null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold text-ink">Saved Stories</h1>
        {user ? (
          <a href={authorBookmarksPath(user.username)} className="text-sm font-medium text-brand-700 hover:underline">
            Your public bookmarks
          </a>
        ) : null}
      </header>
      {saved.isError ? offline : null}
      <fieldset className="flex flex-wrap items-center gap-2 border-0 p-0">
        <legend className="sr-only">Filter saved stories</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Tag
          <select
            className="rounded-lg border border-brand-200 bg-white px-2 py-1.5 text-sm"
            value={filter.tag ?? ""}
            onChange={(event) => go({ ...filter, tag: event.target.value || undefined })}
          >
            <option value="">All tags</option>
            {filter.tag && !tags.includes(filter.tag) ? <option value={filter.tag}>{filter.tag}</option> : null}
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={filter.rec === true}
          className={cn(filter.rec && "border-pink-300 bg-pink-50 text-pink-800")}
          onClick={() => go({ ...filter, rec: filter.rec ? undefined : true })}
        >
          Recs only
        </Button>
        {filtered ? (
          <Button size="sm" variant="ghost" onClick={() => go({})}>
            Clear filters
          </Button>
        ) : null}
      </fieldset>
      {saved.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : saved.isError ? (
        <p className="text-slate-600">Saved stories could not be loaded. Try again in a moment.</p>
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-brand-200 p-10 text-center">
          <p className="font-semibold text-ink">{filtered ? "No saved stories match" : "No saved stories"}</p>
          <p className="text-sm text-slate-600">
            {filtered ? "Try another tag, or clear the filters." : "Bookmark a story in the reader to keep it here."}
          </p>
        </div>
      ) : (
        <ul className="space-y-3" data-testid="saved-list">
          {items.map((item) => (
            <SavedRow key={item.id} item={item} onTag={(tag) => go({ ...filter, tag })} />
          ))}
        </ul>
      )}
      {saved.isError ? null : offline}
    </div>
  );
}
