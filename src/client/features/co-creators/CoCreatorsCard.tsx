// The details page's 'Co-creators' card (issue 30). Its creator invites by username, sees who accepted, who has not
// answered yet and who declined, and removes a co-creator or withdraws an invitation; a co-creator sees the same list
// and may leave the work. Nobody is named on the work before accepting.
import { UserPlus, Users } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";
import type { CoCreatorView } from "../../../shared/schemas/co-creators";
import { ROUTES } from "../../../shared/routes";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { FieldError, Input, Label } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useCoCreators, useInviteCoCreator, useLeaveWork, useRemoveCoCreator } from "./queries";

const STATE_LABELS: Record<CoCreatorView["state"], string> = {
  accepted: "Co-creator",
  pending: "Invited, not answered yet",
  declined: "Declined",
};

export function CoCreatorsCard({ storyId }: { storyId: number }) {
  const list = useCoCreators(storyId);
  return (
    <section aria-labelledby="co-creators-heading" className="space-y-4" data-testid="co-creators">
      <div className="space-y-1">
        <h2 id="co-creators-heading" className="flex items-center gap-2 text-base font-semibold text-ink">
          <Users className="h-4 w-4 text-brand-600" aria-hidden />
          Co-creators
        </h2>
        <p className="text-sm text-slate-600">
          Co-creators edit and publish chapters with you and are named on the work after its creator. Only people who
          accept an invitation are named.
        </p>
      </div>
      {list.isLoading ? (
        <Skeleton className="h-16 w-full" />
      ) : list.isError || !list.data ? (
        <p className="text-sm text-red-700">Couldn't load the co-creators. Please try again.</p>
      ) : (
        <>
          <ul className="divide-y divide-brand-100 rounded-xl border border-brand-100" aria-label="People on this work">
            <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate font-semibold text-ink">{list.data.creator.username}</span>
              <span className="shrink-0 text-slate-500">Creator</span>
            </li>
            {list.data.coCreators.map((person) => (
              <PersonRow key={person.id} storyId={storyId} person={person} canManage={list.data.canManage} />
            ))}
          </ul>
          {list.data.canManage ? (
            list.data.coCreators.filter((c) => c.state !== "declined").length < list.data.max ? (
              <InviteForm storyId={storyId} />
            ) : (
              <p className="text-sm text-slate-600">
                This work has the most co-creators it can have ({list.data.max}).
              </p>
            )
          ) : (
            <LeaveButton storyId={storyId} />
          )}
        </>
      )}
    </section>
  );
}

function PersonRow({ storyId, person, canManage }: { storyId: number; person: CoCreatorView; canManage: boolean }) {
  const remove = useRemoveCoCreator(storyId);
  const action = person.state === "accepted" ? "Remove" : "Withdraw";
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm"
      data-testid="co-creator"
    >
      <span className="min-w-0 truncate font-semibold text-ink">{person.username}</span>
      <span className="flex items-center gap-3 text-slate-500">
        <span data-state={person.state}>
          {STATE_LABELS[person.state]}
          {person.invitedBy && person.state === "pending" ? ` · invited by ${person.invitedBy.username}` : ""}
        </span>
        {canManage ? (
          <Button
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            aria-label={`${action} ${person.username}`}
            onClick={() =>
              remove.mutate(person.userId, {
                onSuccess: () =>
                  toast({
                    title: person.state === "accepted" ? `${person.username} was removed` : "Invitation withdrawn",
                  }),
                onError: (e) => toast({ title: errorMessage(e), variant: "destructive" }),
              })
            }
          >
            {action}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

function InviteForm({ storyId }: { storyId: number }) {
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string>();
  const invite = useInviteCoCreator(storyId);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    invite.mutate(username.trim(), {
      onSuccess: () => {
        toast({ title: `Invitation sent to ${username.trim()}` });
        setUsername("");
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Label htmlFor={id}>Invite by username</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="username"
        />
        <Button type="submit" disabled={invite.isPending || username.trim() === ""} className="sm:w-auto">
          <UserPlus className="h-4 w-4" aria-hidden /> Invite
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}

function LeaveButton({ storyId }: { storyId: number }) {
  const leave = useLeaveWork(storyId);
  const [, navigate] = useLocation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline">Leave this work</Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Leave this work?"
        description="You will no longer be named on it or able to edit it. Its creator can invite you again."
      >
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction
          variant="destructive"
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => {
                toast({ title: "You left the work" });
                navigate(ROUTES.dashboard);
              },
              onError: (e) => toast({ title: errorMessage(e), variant: "destructive" }),
            })
          }
        >
          Leave
        </AlertDialogAction>
      </AlertDialogContent>
    </AlertDialog>
  );
}
