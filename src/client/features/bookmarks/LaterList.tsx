// Issue 30: History's 'Marked for Later': works the reader put aside, newest first, each with 'Mark as read'.
import { Clock } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { LaterItem } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { AiBadge } from "../ai/AiBadge";
import { useLaterList, useSetLater } from "./queries";

function LaterRow({ item }: { item: LaterItem }) {
  const setLater = useSetLater(item.id);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-brand-100 bg-white p-3">
      {item.coverImage ? (
        <img src={item.coverImage} alt="" className="h-12 w-9 shrink-0 rounded object-cover" loading="lazy" />
      ) : (
        <span className="flex h-12 w-9 shrink-0 items-center justify-center rounded bg-brand-50 text-brand-400">
          <Clock className="h-4 w-4" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <Link href={ROUTES.read(item.id)} className="line-clamp-1 font-semibold text-ink hover:underline">
          {item.title}
        </Link>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          by {item.author.username}
          <AiBadge label={item.aiLabel} aiShare={item.aiShare} />
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={setLater.isPending}
        onClick={() =>
          setLater.mutate(false, {
            onError: () => toast({ title: "Error", description: "Failed to mark as read", variant: "destructive" }),
          })
        }
        aria-label={`Mark ${item.title} as read`}
      >
        Mark as read
      </Button>
    </li>
  );
}

export function LaterList() {
  const later = useLaterList();
  const items = later.data ?? [];
  return (
    <section aria-labelledby="later-title" className="space-y-3">
      <h2 id="later-title" className="text-lg font-semibold text-ink">
        Marked for Later
      </h2>
      {later.isPending ? null : later.isError ? (
        <p className="text-sm text-slate-600">Your list could not be loaded. Try again in a moment.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing marked for later. 'Mark for Later' in the reader keeps a story here until you read it.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="later-list">
          {items.map((item) => (
            <LaterRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
