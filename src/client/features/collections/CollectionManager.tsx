// /dashboard/collections/{name}: a collection's maintainers manage it — its settings (the reveal time included), its
// maintainers (the owner adds and removes them), the queue of works waiting (Approve / Reject) and the invitations
// still unanswered, and 'Reveal now'. Links to the public page.
import { useId, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { COLLECTION_LIMITS, CollectionUpdate, type CollectionView } from "../../../shared/schemas/collections";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api";
import {
  useCollection,
  useCollectionQueue,
  useItemAction,
  useMaintainers,
  useRevealNow,
  useUpdateCollection,
} from "./queries";

/** An ISO time as a datetime-local input's value (local time), and back. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const FLAGS = [
  ["open", "Open to submissions"],
  ["moderated", "Moderated (works wait for approval)"],
  ["anonymous", "Anonymous (creators hidden until the reveal)"],
  ["unrevealed", "Unrevealed (works hidden until the reveal)"],
] as const;

function Settings({ view }: { view: CollectionView }) {
  const id = useId();
  const update = useUpdateCollection(view.name);
  const [form, setForm] = useState({
    title: view.title,
    description: view.description,
    open: view.open,
    moderated: view.moderated,
    anonymous: view.anonymous,
    unrevealed: view.unrevealed,
    revealAt: toLocalInput(view.revealAt),
  });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CollectionUpdate.safeParse({ ...form, revealAt: fromLocalInput(form.revealAt) });
    if (!parsed.success) return setStatus({ ok: false, text: parsed.error.issues[0]?.message ?? "Invalid" });
    update.mutate(parsed.data, {
      onSuccess: () => setStatus({ ok: true, text: "Saved." }),
      onError: (failure) => setStatus({ ok: false, text: errorMessage(failure) }),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-xl font-bold text-ink">
        Settings
      </h2>
      <FormField id={`${id}-title`} label="Title">
        <Input
          value={form.title}
          maxLength={COLLECTION_LIMITS.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Description">
        <Textarea
          value={form.description}
          maxLength={COLLECTION_LIMITS.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
      </FormField>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Rules</legend>
        {FLAGS.map(([key, label]) => (
          <span key={key} className="flex items-center gap-2">
            <input
              id={`${id}-${key}`}
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={form[key]}
              disabled={view.revealedAt !== null && (key === "anonymous" || key === "unrevealed") && !form[key]}
              onChange={(e) => setForm({ ...form, [key]: e.target.checked })}
            />
            <label htmlFor={`${id}-${key}`} className="text-sm text-ink">
              {label}
            </label>
          </span>
        ))}
      </fieldset>
      <FormField
        id={`${id}-reveal`}
        label="Reveal time (optional)"
        hint={view.revealedAt ? `Revealed ${new Date(view.revealedAt).toLocaleString()}` : undefined}
      >
        <Input
          type="datetime-local"
          value={form.revealAt}
          onChange={(e) => setForm({ ...form, revealAt: e.target.value })}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          Save settings
        </Button>
        {status && (
          <p
            role={status.ok ? "status" : "alert"}
            className={status.ok ? "text-sm text-slate-700" : "text-sm text-red-700"}
          >
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}

function Maintainers({ view }: { view: CollectionView }) {
  const id = useId();
  const { add, remove } = useMaintainers(view.name);
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | undefined>();
  const owner = view.role === "owner";
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-xl font-bold text-ink">
        Maintainers
      </h2>
      <ul className="space-y-1">
        {view.maintainers.map((m) => (
          <li key={m.username} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              <strong>{m.username}</strong> {m.role === "owner" ? "(owner)" : ""}
            </span>
            {owner && m.role !== "owner" && (
              <Button
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => remove.mutate(m.username, { onError: (f) => setError(errorMessage(f)) })}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {owner && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(username, {
              onSuccess: () => {
                setUsername("");
                setError(undefined);
              },
              onError: (f) => setError(errorMessage(f)),
            });
          }}
        >
          <FormField id={`${id}-user`} label="Add a maintainer" error={error}>
            <Input value={username} placeholder="username" onChange={(e) => setUsername(e.target.value)} />
          </FormField>
          <Button type="submit" disabled={add.isPending || username.trim() === ""}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}

function Queue({ view }: { view: CollectionView }) {
  const id = useId();
  const pending = useCollectionQueue(view.name, "pending", true);
  const invited = useCollectionQueue(view.name, "invited", true);
  const act = useItemAction();
  const [message, setMessage] = useState<string | null>(null);
  const decide = (storyId: number, action: "approve" | "reject" | "remove") =>
    act.mutate(
      { name: view.name, storyId, action },
      {
        onSuccess: (r) =>
          setMessage(r.state === "approved" ? "Approved." : r.state === "removed" ? "Withdrawn." : "Rejected."),
        onError: (f) => setMessage(errorMessage(f)),
      },
    );
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-xl font-bold text-ink">
        Waiting for approval
      </h2>
      {message && (
        <p role="status" className="text-sm text-slate-700">
          {message}
        </p>
      )}
      {pending.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : (pending.data?.items ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">Nothing is waiting.</p>
      ) : (
        <ul className="space-y-2" data-testid="collection-queue">
          {pending.data!.items.map((item) => (
            <li
              key={item.story.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-100 p-3"
            >
              <span className="break-words text-sm">
                <strong>{item.story.title}</strong> by {item.author.username}
                {item.story.published ? "" : " (draft: shows once published)"}
              </span>
              <span className="flex gap-2">
                <Button size="sm" disabled={act.isPending} onClick={() => decide(item.story.id, "approve")}>
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={act.isPending}
                  onClick={() => decide(item.story.id, "reject")}
                >
                  Reject
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {(invited.data?.items ?? []).length > 0 && (
        <>
          <h3 className="font-semibold text-ink">Invitations not answered yet</h3>
          <ul className="space-y-2">
            {invited.data!.items.map((item) => (
              <li key={item.story.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="break-words">
                  <strong>{item.story.title}</strong> by {item.author.username}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={act.isPending}
                  onClick={() => decide(item.story.id, "remove")}
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RevealNow({ view }: { view: CollectionView }) {
  const reveal = useRevealNow(view.name);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  if (!view.anonymous && !view.unrevealed) return null;
  return (
    <section aria-label="Reveal" className="space-y-2">
      <Button
        variant="outline"
        disabled={reveal.isPending || view.revealedAt !== null}
        onClick={() =>
          reveal.mutate(undefined, {
            onSuccess: () => setAnswer({ ok: true, text: "Revealed: creators and works are now shown." }),
            onError: (f) => setAnswer({ ok: false, text: errorMessage(f) }),
          })
        }
      >
        {view.revealedAt ? "Revealed" : "Reveal now"}
      </Button>
      {answer && (
        <p
          role={answer.ok ? "status" : "alert"}
          className={answer.ok ? "text-sm text-slate-700" : "text-sm text-red-700"}
        >
          {answer.text}
        </p>
      )}
    </section>
  );
}

export function CollectionManager({ name }: { name: string }) {
  const view = useCollection(name);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <Link href={ROUTES.collections} className="text-sm font-medium text-brand-700 hover:underline">
        ← Collections
      </Link>
      {view.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : view.isError || !view.data ? (
        <p className="text-slate-600">This collection could not be loaded.</p>
      ) : !view.data.role ? (
        <p className="text-slate-600">Only the collection's maintainers can manage it.</p>
      ) : (
        <>
          <header className="space-y-1">
            <h1 className="break-words font-serif text-3xl font-bold text-ink">{view.data.title}</h1>
            <p className="text-sm text-slate-600">
              {view.data.counts.works} {view.data.counts.works === 1 ? "work" : "works"} ·{" "}
              {view.data.counts.subscribers} subscribed ·{" "}
              <a href={view.data.path} className="text-brand-700 underline">
                Public page {view.data.path}
              </a>
            </p>
            <nav aria-label="Challenges" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
              <Link href={ROUTES.exchangeManage(view.data.name)} className="text-brand-700 hover:underline">
                Gift exchange
              </Link>
              <Link href={ROUTES.promptMeme(view.data.name)} className="text-brand-700 hover:underline">
                Prompt meme
              </Link>
            </nav>
          </header>
          <div className="space-y-8 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
            <Queue view={view.data} />
            <RevealNow view={view.data} />
            <Settings key={view.data.revealedAt ?? "settings"} view={view.data} />
            <Maintainers view={view.data} />
          </div>
        </>
      )}
    </div>
  );
}
