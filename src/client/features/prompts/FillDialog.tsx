// 'Fill this prompt': one of the writer's published works fills it now, or a new work carries the prompt into its
// publish dialog (pending-fill.ts).
import { FilePlus2 } from "lucide-react";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { PromptView } from "../../../shared/schemas/prompts";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FieldError, Label } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useMyStoriesQuery } from "../stories/queries";
import { promptExcerpt, rememberFill } from "./pending-fill";
import { useFillPrompt } from "./queries";

export function FillDialog({
  prompt,
  open,
  onOpenChange,
}: {
  prompt: PromptView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const stories = useMyStoriesQuery();
  const fill = useFillPrompt(prompt.collection.name);
  const [, navigate] = useLocation();
  const [storyId, setStoryId] = useState("");
  const [error, setError] = useState<string>();
  const filled = new Set(prompt.fills.map((f) => f.id));
  const mine = (stories.data ?? []).filter((s) => s.published && !s.coWritten && !filled.has(s.id));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!storyId) return setError("Choose one of your published works");
    fill.mutate(
      { id: prompt.id, storyId: Number(storyId) },
      {
        onSuccess: (answer) => {
          toast({
            title: "Prompt filled",
            description:
              answer.item === "pending"
                ? "Your work waits for a maintainer's approval to join the collection."
                : `Your work is now in ${prompt.collection.title}.`,
          });
          setStoryId("");
          onOpenChange(false);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const startNew = () => {
    rememberFill({
      promptId: prompt.id,
      excerpt: promptExcerpt(prompt.text),
      collectionTitle: prompt.collection.title,
    });
    navigate(ROUTES.create);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !fill.isPending && onOpenChange(next)}>
      <DialogContent title="Fill this prompt" description={promptExcerpt(prompt.text, 160)}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-work`}>One of your published works</Label>
            <select
              id={`${id}-work`}
              value={storyId}
              onChange={(e) => {
                setStoryId(e.target.value);
                setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-work-error` : undefined}
              className="h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink"
            >
              <option value="">{mine.length === 0 ? "No published works to choose" : "Choose a work…"}</option>
              {mine.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title.trim() || "Untitled"}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-work-error`} message={error} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={startNew}>
              <FilePlus2 className="h-4 w-4" aria-hidden /> Start a new work
            </Button>
            <Button type="submit" disabled={fill.isPending || mine.length === 0}>
              Fill with this work
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
