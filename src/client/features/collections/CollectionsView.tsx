// /dashboard/collections: the collections the user owns or maintains (each linking to its manage page and its public
// page), the invitations their works have waiting (Accept / Decline), and a form to start a new collection.
import { FolderHeart, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { collectionPath, ROUTES } from "../../../shared/routes";
import { COLLECTION_LIMITS, CollectionCreate } from "../../../shared/schemas/collections";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError, errorMessage } from "../../lib/api";
import { useCreateCollection, useItemAction, useMyCollections } from "./queries";

type Field = "name" | "title" | "description";

/** The field messages of a failed create: zod's locally, the server's `fields` after (a taken name). */
export function createErrors(failure: unknown): Partial<Record<Field, string>> {
  if (failure instanceof ApiError && failure.data.fields) return failure.data.fields as Partial<Record<Field, string>>;
  return { name: errorMessage(failure) };
}

function Flag({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <span className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="h-4 w-4 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
    </span>
  );
}

export function CreateCollectionForm() {
  const id = useId();
  const create = useCreateCollection();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({
    name: "",
    title: "",
    description: "",
    open: true,
    moderated: false,
    anonymous: false,
    unrevealed: false,
  });
  const [error, setError] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CollectionCreate.safeParse(form);
    if (!parsed.success) {
      const fields: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0]) as Field] ??= issue.message;
      return setError(fields);
    }
    setError({});
    create.mutate(parsed.data, {
      onSuccess: (created) => navigate(ROUTES.collectionManage(created.name)),
      onError: (failure) => setError(createErrors(failure)),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New collection"
      className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <FormField id={`${id}-name`} label="URL name" error={error.name}>
        <Input
          value={form.name}
          maxLength={40}
          placeholder="e.g. yuletide_2026"
          autoCapitalize="off"
          onChange={(e) => set("name", e.target.value)}
        />
      </FormField>
      <p className="text-xs text-slate-600">
        Its page will be {form.name ? collectionPath(form.name) : "/c/…"}: 3–40 lower-case letters, digits and _.
      </p>
      <FormField id={`${id}-title`} label="Title" error={error.title}>
        <Input value={form.title} maxLength={COLLECTION_LIMITS.title} onChange={(e) => set("title", e.target.value)} />
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)" error={error.description}>
        <Textarea
          value={form.description}
          maxLength={COLLECTION_LIMITS.description}
          onChange={(e) => set("description", e.target.value)}
        />
      </FormField>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">Settings</legend>
        <Flag id={`${id}-open`} label="Open to submissions" checked={form.open} onChange={(v) => set("open", v)} />
        <Flag id={`${id}-moderated`} label="Moderated" checked={form.moderated} onChange={(v) => set("moderated", v)} />
        <Flag id={`${id}-anonymous`} label="Anonymous" checked={form.anonymous} onChange={(v) => set("anonymous", v)} />
        <Flag
          id={`${id}-unrevealed`}
          label="Unrevealed"
          checked={form.unrevealed}
          onChange={(v) => set("unrevealed", v)}
        />
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        <Plus className="h-4 w-4" aria-hidden /> Create collection
      </Button>
    </form>
  );
}

function Invitations({ items }: { items: NonNullable<ReturnType<typeof useMyCollections>["data"]>["invitations"] }) {
  const act = useItemAction();
  const [message, setMessage] = useState<string | null>(null);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h2 id="invitations-heading" className="text-xl font-bold text-ink">
        Invitations for your works
      </h2>
      {message && (
        <p role="status" className="text-sm text-slate-700">
          {message}
        </p>
      )}
      <ul className="space-y-2">
        {items.map((item) => (
          <li
            key={`${item.collection.name}:${item.story.id}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-brand-100 bg-white p-3"
          >
            <span className="break-words text-sm text-ink">
              <strong>{item.story.title}</strong> is invited to{" "}
              <a href={collectionPath(item.collection.name)} className="text-brand-700 underline">
                {item.collection.title}
              </a>
            </span>
            <span className="flex gap-2">
              {(["accept", "decline"] as const).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === "accept" ? "primary" : "outline"}
                  disabled={act.isPending}
                  onClick={() =>
                    act.mutate(
                      { name: item.collection.name, storyId: item.story.id, action },
                      {
                        onSuccess: () => setMessage(action === "accept" ? "Added to the collection." : "Declined."),
                        onError: (failure) => setMessage(errorMessage(failure)),
                      },
                    )
                  }
                >
                  {action === "accept" ? "Accept" : "Decline"}
                </Button>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CollectionsView() {
  const mine = useMyCollections();
  const list = mine.data?.collections ?? [];
  return (
    <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold text-ink">Collections</h1>
        <p className="text-slate-600">
          Gather works for a fest, a challenge or a fandom: writers add their works, readers subscribe to hear of new
          ones.
        </p>
      </header>
      {mine.data && <Invitations items={mine.data.invitations} />}
      <CreateCollectionForm />
      <section aria-labelledby="my-collections-heading" className="space-y-4">
        <h2 id="my-collections-heading" className="text-xl font-bold text-ink">
          Your collections
        </h2>
        {mine.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : mine.isError ? (
          <p className="text-slate-600">Your collections could not be loaded. Try again in a moment.</p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-brand-200 p-8 text-center">
            <FolderHeart className="h-8 w-8 text-brand-300" aria-hidden />
            <p className="font-semibold text-ink">No collections yet</p>
          </div>
        ) : (
          <ul className="space-y-3" data-testid="my-collections">
            {list.map((item) => (
              <li key={item.name} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    href={ROUTES.collectionManage(item.name)}
                    className="break-words font-serif text-lg font-bold text-ink hover:text-brand-700"
                  >
                    {item.title}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {item.role === "owner" ? "Owner" : "Maintainer"} · {item.works}{" "}
                    {item.works === 1 ? "work" : "works"}
                    {item.pending > 0 ? ` · ${item.pending} waiting` : ""}
                  </span>
                </div>
                <a href={item.path} className="text-sm text-brand-700 underline">
                  {item.path}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
