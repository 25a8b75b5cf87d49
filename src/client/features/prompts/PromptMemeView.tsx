// /dashboard/collections/{name}/prompts: a collection's prompt meme. Maintainers open and close it; readers post
// prompts and filter them by tag; writers claim and fill them.
import { Lightbulb } from "lucide-react";
import { useId, useState } from "react";
import { collectionPath } from "../../../shared/routes";
import type { PromptMemeState } from "../../../shared/schemas/prompts";
import { Button } from "../../components/ui/button";
import { Input, Label } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { ApiError, errorMessage } from "../../lib/api";
import { PostPromptForm } from "./PostPromptForm";
import { PromptCard } from "./PromptCard";
import { usePromptList, useSetPromptMeme } from "./queries";

const STATE_TEXT: Record<PromptMemeState, string> = {
  none: "This collection does not run a prompt meme.",
  open: "The prompt meme is open: post prompts and claim the ones you would like to write.",
  closed: "The prompt meme is closed: no new prompts or claims, but fills are still welcome.",
};

function MaintainerControls({ name, state }: { name: string; state: PromptMemeState }) {
  const set = useSetPromptMeme(name);
  const choose = (next: PromptMemeState) =>
    set.mutate(next, {
      onError: (error) =>
        toast({ title: "Could not change the meme", description: errorMessage(error), variant: "destructive" }),
    });
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Prompt meme state</legend>
      <span className="text-sm font-medium text-ink">Maintainers:</span>
      {state !== "open" && (
        <Button size="sm" disabled={set.isPending} onClick={() => choose("open")}>
          Open the meme
        </Button>
      )}
      {state === "open" && (
        <Button size="sm" variant="outline" disabled={set.isPending} onClick={() => choose("closed")}>
          Close the meme
        </Button>
      )}
      {state !== "none" && (
        <Button size="sm" variant="ghost" disabled={set.isPending} onClick={() => choose("none")}>
          Stop the meme
        </Button>
      )}
    </fieldset>
  );
}

export function PromptMemeView({ name }: { name: string }) {
  const filterId = useId();
  const [typed, setTyped] = useState("");
  const [tag, setTag] = useState("");
  const list = usePromptList(name, tag);
  const first = list.data?.pages[0];
  const prompts = list.data?.pages.flatMap((p) => p.prompts) ?? [];
  const applyTag = (next: string) => {
    setTyped(next);
    setTag(next.trim());
  };

  if (list.isError) {
    const missing = list.error instanceof ApiError && list.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <p className="text-slate-600">
          {missing ? "Collection not found" : "The prompts could not be loaded. Try again in a moment."}
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <p className="text-sm font-medium text-brand-700">
          <a href={collectionPath(name)} className="hover:underline">
            {first?.collection.title ?? name}
          </a>
        </p>
        <h1 className="font-serif text-3xl font-bold text-ink">Prompt meme</h1>
        {first && <p className="text-slate-600">{STATE_TEXT[first.collection.promptMeme]}</p>}
        {first?.collection.maintainer && <MaintainerControls name={name} state={first.collection.promptMeme} />}
      </header>
      {first?.collection.promptMeme === "open" && <PostPromptForm name={name} />}
      <section aria-labelledby={`${filterId}-heading`} className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id={`${filterId}-heading`} className="text-xl font-bold text-ink">
            Prompts
          </h2>
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              applyTag(typed);
            }}
          >
            <div className="space-y-1">
              <Label htmlFor={filterId} className="block">
                Filter by tag
              </Label>
              <Input id={filterId} value={typed} onChange={(e) => setTyped(e.target.value)} className="w-48" />
            </div>
            <Button type="submit" variant="outline">
              Filter
            </Button>
            {tag && (
              <Button variant="ghost" onClick={() => applyTag("")}>
                Clear
              </Button>
            )}
          </form>
        </div>
        {list.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : prompts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-brand-200 p-8 text-center">
            <Lightbulb className="h-8 w-8 text-brand-300" aria-hidden />
            <p className="font-semibold text-ink">{tag ? `No prompts tagged ${tag}` : "No prompts yet"}</p>
          </div>
        ) : (
          <ul className="space-y-4" data-testid="prompts">
            {prompts.map((prompt) => (
              <li key={prompt.id}>
                <PromptCard prompt={prompt} onTag={applyTag} />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            More prompts
          </Button>
        )}
      </section>
    </div>
  );
}
