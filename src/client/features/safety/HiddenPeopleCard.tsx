// Settings' 'Blocked and muted': everyone the user blocks and everyone they mute, each with Unblock / Unmute.
import { useEffect, useRef } from "react";
import { ROUTES } from "../../../shared/routes";
import type { HiddenPerson } from "../../../shared/schemas/safety";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { type HideKind, useHidePerson, useHiddenPeople } from "./queries";

const SINCE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

function PeopleList({ kind, people, empty }: { kind: HideKind; people: HiddenPerson[]; empty: string }) {
  const hide = useHidePerson();
  const undo = kind === "block" ? "Unblock" : "Unmute";
  const heading = kind === "block" ? "Blocked" : "Muted";
  const undone = (name: string) => (kind === "block" ? `You unblocked ${name}` : `You unmuted ${name}`);
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink">{heading}</h3>
      {people.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-brand-100" data-testid={`${kind}-list`}>
          {people.map((person) => (
            <li key={person.username} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <a
                  href={`/u/${encodeURIComponent(person.username)}`}
                  className="font-medium text-ink hover:underline [overflow-wrap:anywhere]"
                >
                  {person.username}
                </a>
                <p className="text-xs text-slate-500">Since {SINCE.format(new Date(person.since))}</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={hide.isPending}
                onClick={() =>
                  hide.mutate(
                    { kind, username: person.username, on: false },
                    {
                      onSuccess: () => toast({ title: undone(person.username) }),
                      onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
                    },
                  )
                }
              >
                {undo}
                <span className="sr-only"> {person.username}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const CARD_ID = ROUTES.blockedAndMuted.split("#")[1];

export function HiddenPeopleCard() {
  const people = useHiddenPeople();
  const ref = useRef<HTMLElement>(null);
  const loaded = people.data !== undefined;
  // Links from Saved Stories and the comments ('Manage blocks') land here; the card fills in after the page.
  useEffect(() => {
    if (loaded && window.location.hash === `#${CARD_ID}`) ref.current?.scrollIntoView({ block: "start" });
  }, [loaded]);
  return (
    <section
      ref={ref}
      id={CARD_ID}
      aria-labelledby="hidden-people-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="hidden-people"
    >
      <h2 id="hidden-people-heading" className="text-lg font-semibold text-ink">
        Blocked and muted
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You don't see the comments, stories or notifications of people you block or mute. People you block also can't
        comment on your stories, reply to your comments, like your stories, or follow or subscribe to you. Nobody is
        told.
      </p>
      {people.isError && <p className="mt-3 text-sm text-red-700">Couldn't load the people you block and mute.</p>}
      {people.data && (
        <div className="mt-4 space-y-4">
          <PeopleList kind="block" people={people.data.blocked} empty="You haven't blocked anyone." />
          <PeopleList kind="mute" people={people.data.muted} empty="You haven't muted anyone." />
        </div>
      )}
    </section>
  );
}
