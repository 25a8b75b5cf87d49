// The pane's thread menu (issue 32): the shown thread's name; switch to another thread, branch from the newest
// message, rename or delete the shown thread. It fits a 390 px pane: the name is cut, the menu is a list.
import { Check, ChevronDown, GitBranch, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { MARIN_CHAT_THREAD_NAME_CHARS, type ChatThread, ChatThreadUpdate } from "../../../shared/schemas/marin-chat";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { FieldError, Input, Label } from "../../components/ui/input";
import type { ChatThreads } from "./use-chat-threads";

export const MAIN_THREAD_NAME = "Main";
export const NEW_BRANCH = "New branch";
export const RENAME_THREAD = "Rename thread";
export const DELETE_THREAD = "Delete thread";
export const DELETE_THREAD_TITLE = "Delete this thread?";
export const deleteThreadText = (name: string) =>
  `“${name}” and its messages will be deleted on every device. Your other threads and your story are not changed.`;

export function ThreadMenu({
  state,
  disabled,
  onNewBranch,
}: {
  state: ChatThreads;
  disabled: boolean;
  /** Branches from the newest message shown; absent when there is none. */
  onNewBranch: (() => void) | null;
}) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const current = state.current;
  const name = current?.name ?? MAIN_THREAD_NAME;

  return (
    <>
      <DropdownMenu onOpenChange={(open) => open && state.refresh()}>
        <DropdownMenuTrigger
          disabled={disabled}
          aria-label={`Chat thread: ${name}`}
          className="inline-flex h-8 max-w-40 min-w-0 cursor-pointer items-center gap-1 rounded-lg border border-brand-200 bg-white px-2 text-sm text-slate-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="marin-thread-menu"
        >
          <GitBranch className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate">{name}</span>
          <ChevronDown className="h-3.5 w-3.5 shrink-0" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-[60vh] max-w-[calc(100vw-1rem)] overflow-y-auto">
          <p className="px-3 pt-1 pb-1.5 text-xs font-medium text-slate-500">Threads</p>
          {state.threads.map((thread) => (
            <ThreadItem
              key={thread.id}
              thread={thread}
              shown={thread.id === current?.id}
              onSelect={() => state.select(thread.id)}
            />
          ))}
          <div className="my-1 border-t border-brand-100" />
          {onNewBranch ? (
            <DropdownMenuItem onSelect={onNewBranch}>
              <span className="inline-flex items-center gap-2">
                <GitBranch className="h-4 w-4" aria-hidden /> {NEW_BRANCH}
              </span>
            </DropdownMenuItem>
          ) : null}
          {current ? (
            <>
              <DropdownMenuItem onSelect={() => setRenaming(true)}>
                <span className="inline-flex items-center gap-2">
                  <Pencil className="h-4 w-4" aria-hidden /> {RENAME_THREAD}
                </span>
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDeleting(true)} className="text-red-700">
                <span className="inline-flex items-center gap-2">
                  <Trash2 className="h-4 w-4" aria-hidden /> {DELETE_THREAD}
                </span>
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {current ? (
        <>
          <RenameDialog
            key={`${current.id}:${renaming}`}
            open={renaming}
            onOpenChange={setRenaming}
            name={current.name}
            onRename={(next) => state.rename(current.id, next)}
          />
          <DeleteDialog
            open={deleting}
            onOpenChange={setDeleting}
            name={current.name}
            onDelete={() => state.remove(current.id)}
          />
        </>
      ) : null}
    </>
  );
}

function ThreadItem({ thread, shown, onSelect }: { thread: ChatThread; shown: boolean; onSelect: () => void }) {
  return (
    <DropdownMenuItem onSelect={onSelect} aria-current={shown || undefined} className="items-center">
      <span className="inline-flex min-w-0 items-center gap-2">
        <Check className={shown ? "h-4 w-4 shrink-0 text-brand-700" : "h-4 w-4 shrink-0 opacity-0"} aria-hidden />
        <span className="truncate">{thread.name}</span>
        <span className="sr-only">, </span>
      </span>
      <span className="shrink-0 text-xs text-slate-500">
        {thread.messageCount} {thread.messageCount === 1 ? "message" : "messages"}
      </span>
    </DropdownMenuItem>
  );
}

function RenameDialog({
  open,
  onOpenChange,
  name,
  onRename,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  onRename: (name: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ChatThreadUpdate.safeParse({ name: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setPending(true);
    const done = await onRename(parsed.data.name);
    setPending(false);
    if (done) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={RENAME_THREAD}>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <Label htmlFor={inputId}>Thread name</Label>
          <Input
            id={inputId}
            value={value}
            maxLength={MARIN_CHAT_THREAD_NAME_CHARS + 20}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
          <FieldError message={error} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : "Save"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  open,
  onOpenChange,
  name,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  onDelete: () => Promise<boolean>;
}) {
  const [pending, setPending] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent title={DELETE_THREAD_TITLE} description={deleteThreadText(name)}>
        <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
        <AlertDialogAction
          variant="destructive"
          disabled={pending}
          onClick={(event) => {
            event.preventDefault();
            setPending(true);
            void onDelete().then((done) => {
              setPending(false);
              if (done) onOpenChange(false);
            });
          }}
        >
          {pending ? "Deleting..." : DELETE_THREAD}
        </AlertDialogAction>
      </AlertDialogContent>
    </AlertDialog>
  );
}
