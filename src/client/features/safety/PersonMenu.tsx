// The '…' menu on a comment or a notification: Report (when there is something to report), Block and Mute the person.
// A small disclosure menu (no menu library in the app): the arrow keys, Home and End move between its items; Escape
// or a click outside closes it, focus returns to its button. Blocking asks first; muting does not (it only changes
// what the viewer sees).
import { MoreHorizontal } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
} from "../../components/ui/alert-dialog";
import { buttonVariants } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useHidePerson } from "./queries";
import { ReportDialog, type ReportTarget } from "./ReportDialog";

export const BLOCK_EXPLAINED =
  "They won't be able to comment on your stories, reply to your comments, like your stories, or follow or subscribe to you. You won't see their comments, stories or notifications. They aren't told.";

/** The Block confirmation, shared by the menu and the Settings list. */
export function BlockConfirm({
  username,
  open,
  onOpenChange,
}: {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const hide = useHidePerson();
  const block = () =>
    hide.mutate(
      { kind: "block", username, on: true },
      {
        onSuccess: () => toast({ title: `You blocked ${username}` }),
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent title={`Block ${username}?`} description={BLOCK_EXPLAINED}>
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction variant="destructive" onClick={block} data-testid="block-confirm">
          Block
        </AlertDialogAction>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Room the three items need below the button (px). */
const MENU_HEIGHT = 140;

const item =
  "block w-full cursor-pointer whitespace-nowrap px-3 py-2 text-left text-sm text-slate-700 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none";

export function PersonMenu({ username, report, label }: { username: string; report?: ReportTarget; label: string }) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const [dialog, setDialog] = useState<"report" | "block" | null>(null);
  const hide = useHidePerson();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
        return;
      }
      // The WAI-ARIA menu keys: arrows move (and wrap), Home and End jump; Tab leaves the menu and closes it.
      const items = [...(root.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? [])];
      const at = items.indexOf(document.activeElement as HTMLButtonElement);
      if (event.key === "Tab") return setOpen(false);
      const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
      if (next === undefined || items.length === 0) return;
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", onKey);
    root.current?.querySelector<HTMLButtonElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const choose = (next: "report" | "block" | "mute") => {
    setOpen(false);
    if (next !== "mute") return setDialog(next);
    hide.mutate(
      { kind: "mute", username, on: true },
      {
        onSuccess: () =>
          toast({
            title: `You muted ${username}`,
            description: "You won't see their comments, stories or notifications.",
          }),
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );
  };

  return (
    <div className="relative" ref={root}>
      <button
        type="button"
        ref={button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          // NOTE: opens upward when too close to the bottom of the viewport or of the dialog it sits in, whose
          // scrolling box would otherwise cut the menu off.
          const below = button.current?.closest("[role=dialog]")?.getBoundingClientRect().bottom ?? window.innerHeight;
          setUpward((button.current?.getBoundingClientRect().bottom ?? 0) + MENU_HEIGHT > below);
          setOpen(!open);
        }}
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "-my-1.5 h-8 w-8 text-slate-500")}
        data-testid="person-menu"
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden />
      </button>
      {open ? (
        <div
          role="menu"
          aria-label={label}
          className={cn(
            "absolute right-0 z-30",
            upward ? "bottom-9" : "top-8",
            "min-w-44 overflow-hidden rounded-xl border border-brand-100 bg-white py-1 shadow-lg",
          )}
        >
          {report ? (
            <button type="button" role="menuitem" className={item} onClick={() => choose("report")}>
              Report
            </button>
          ) : null}
          <button type="button" role="menuitem" className={item} onClick={() => choose("block")}>
            Block {username}
          </button>
          <button type="button" role="menuitem" className={item} onClick={() => choose("mute")}>
            Mute {username}
          </button>
        </div>
      ) : null}
      {report ? (
        <ReportDialog
          open={dialog === "report"}
          onOpenChange={(o) => setDialog(o ? "report" : null)}
          targets={[report]}
        />
      ) : null}
      <BlockConfirm username={username} open={dialog === "block"} onOpenChange={(o) => setDialog(o ? "block" : null)} />
    </div>
  );
}
