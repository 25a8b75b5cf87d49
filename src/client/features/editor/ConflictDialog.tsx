// The 409 prompt: someone saved a newer version. Both versions stay on screen and the writer picks one;
// nothing is dismissed by Escape or a click outside, because closing without a choice would decide silently.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Copy } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { copyText, htmlToPlainText } from "./html-text";
import type { Conflict, Draft } from "./story-saver";

export function draftAsText(draft: Draft): string {
  return `${draft.title}\n\n${htmlToPlainText(draft.content)}`;
}

export async function copyDraft(draft: Draft): Promise<boolean> {
  const copied = await copyText(draftAsText(draft));
  toast(
    copied
      ? { title: "Your version was copied to the clipboard" }
      : { title: "Could not copy", description: "Please copy your text manually.", variant: "destructive" },
  );
  return copied;
}

/** Where two texts start to differ, so each preview can mark its own changed part. */
export function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function VersionPreview({
  label,
  text,
  other,
  testId,
}: {
  label: string;
  text: string;
  other: string;
  testId: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const markRef = useRef<HTMLElement>(null);
  const split = commonPrefixLength(text, other);
  // Long stories differ near the end: scroll each preview to where its text changes.
  useEffect(() => {
    if (boxRef.current && markRef.current) boxRef.current.scrollTop = Math.max(0, markRef.current.offsetTop - 48);
  }, []);
  return (
    <section className="flex min-w-0 flex-1 flex-col rounded-xl border border-brand-100">
      <h3 className="border-b border-brand-100 bg-brand-50/60 px-3 py-2 text-sm font-semibold text-ink">{label}</h3>
      <div
        ref={boxRef}
        data-testid={testId}
        className="relative max-h-28 overflow-y-auto px-3 py-2 text-sm whitespace-pre-wrap text-slate-700 sm:max-h-48"
      >
        {text.slice(0, split)}
        <mark ref={markRef} className="rounded-sm bg-amber-100 text-ink">
          {text.slice(split)}
        </mark>
      </div>
    </section>
  );
}

export function ConflictDialog({
  conflict,
  onTakeTheirs,
  onKeepMine,
}: {
  conflict: Conflict | null;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  return (
    <DialogPrimitive.Root open={conflict !== null}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-sm" />
        <DialogPrimitive.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          // No button is pre-focused: a stray Enter must not pick a side.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          // NOTE: a column whose previews shrink and scroll, so the choice stays on screen on a phone.
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white p-4 shadow-2xl sm:p-6"
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-ink">
            This story was changed somewhere else
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            A newer version was saved from your other tab or device while you were writing here. Choose which version to
            keep. If you load the other one, this tab's text is copied to the clipboard and stays above the editor.
          </DialogPrimitive.Description>
          {conflict ? (
            <div className="mt-4 flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto md:flex-row">
              <VersionPreview
                label="Your other tab or device (saved)"
                text={draftAsText(conflict.theirs)}
                other={draftAsText(conflict.mine)}
                testId="conflict-theirs"
              />
              <VersionPreview
                label="This tab (not saved)"
                text={draftAsText(conflict.mine)}
                other={draftAsText(conflict.theirs)}
                testId="conflict-mine"
              />
            </div>
          ) : null}
          <div className="mt-4 flex shrink-0 flex-col-reverse gap-2 sm:mt-5 sm:flex-row sm:items-center sm:justify-end">
            <Button variant="ghost" onClick={() => conflict && void copyDraft(conflict.mine)}>
              <Copy className="h-4 w-4" aria-hidden />
              Copy my text
            </Button>
            <Button variant="outline" onClick={onTakeTheirs}>
              Load the other version
            </Button>
            <Button onClick={onKeepMine}>Keep this tab's version</Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
