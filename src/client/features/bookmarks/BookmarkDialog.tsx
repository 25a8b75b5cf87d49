// Issue 30: what a bookmark says. The reader's 'Edit bookmark' (and Saved Stories' 'Edit') opens it: a note, the
// reader's own tags, 'Rec' (a recommendation) and 'Private' (only you see it); Save bookmarks the work if needed.
import { useEffect, useId, useState } from "react";
import { BOOKMARK_LIMITS, type BookmarkState } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { CharCount } from "../../components/ui/char-count";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { ApiError, errorMessage } from "../../lib/api";
import { parseTagInput, useSaveBookmark } from "./queries";

export function BookmarkDialog({
  storyId,
  title,
  state,
  open,
  onOpenChange,
}: {
  storyId: number | string;
  title: string;
  state: BookmarkState | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const save = useSaveBookmark(storyId);
  const [note, setNote] = useState("");
  const [tags, setTags] = useState("");
  const [rec, setRec] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Each opening starts from what the bookmark says now.
  useEffect(() => {
    if (!open) return;
    setNote(state?.note ?? "");
    setTags((state?.tags ?? []).join(", "));
    setRec(state?.rec ?? false);
    setHidden(state?.private ?? false);
    setErrors({});
  }, [open, state]);

  const onSave = () =>
    save.mutate(
      { note: note.trim() ? note : null, tags: parseTagInput(tags), rec, private: hidden },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: "Bookmark saved", description: hidden ? "Only you can see it." : undefined });
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.data.fields : undefined;
          if (fields && Object.keys(fields).length > 0) setErrors(fields);
          else
            toast({
              title: "Error",
              description: errorMessage(error, "Failed to save bookmark"),
              variant: "destructive",
            });
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Your bookmark" description={`What you want to remember about ${title}.`}>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <FormField
            id={`${id}-note`}
            label="Note"
            error={errors.note}
            counter={<CharCount value={note} max={BOOKMARK_LIMITS.note} />}
          >
            <Textarea
              value={note}
              maxLength={BOOKMARK_LIMITS.note}
              rows={5}
              placeholder="Why you saved it, where the best scene is…"
              onChange={(event) => setNote(event.target.value)}
            />
          </FormField>
          <FormField
            id={`${id}-tags`}
            label="Your tags"
            error={errors.tags}
            hint={<p className="text-xs text-slate-500">Separate tags with commas (up to {BOOKMARK_LIMITS.tags}).</p>}
          >
            <Input value={tags} placeholder="comfort read, reread" onChange={(event) => setTags(event.target.value)} />
          </FormField>
          <CheckOption
            label="Rec"
            detail="Recommend it to people who read your bookmarks."
            checked={rec}
            onChange={setRec}
          />
          <CheckOption
            label="Private"
            detail="Only you see it; it is not on your public bookmarks."
            checked={hidden}
            onChange={setHidden}
          />
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save bookmark
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A checkbox with its name and a line saying what it does. */
function CheckOption({
  label,
  detail,
  checked,
  onChange,
}: {
  label: string;
  detail: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 accent-brand-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="font-medium text-ink">{label}</span>
        <span className="block text-slate-600">{detail}</span>
      </span>
    </label>
  );
}
