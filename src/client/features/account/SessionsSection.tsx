// The devices signed in to this account; any other one can be signed out, or all of them at once.
import { Laptop, LogOut, Smartphone } from "lucide-react";
import type { SessionView } from "../../../shared/schemas/account-life";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useEndSession, useSessions } from "./queries";
import { Row } from "./SecurityRow";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function deviceIcon(session: SessionView) {
  return /iOS|Android/i.test(session.system) ? <Smartphone className="h-5 w-5" /> : <Laptop className="h-5 w-5" />;
}

export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;
  const fail = (err: Error) =>
    toast({ title: "Couldn't sign out", description: errorMessage(err), variant: "destructive" });
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-ink">Where you're signed in</h3>
      {sessions.isPending && <Spinner />}
      <ul aria-label="Signed-in devices">
        {items.map((session) => (
          <li key={session.id}>
            <Row
              icon={deviceIcon(session)}
              title={`${session.browser} on ${session.system}`}
              detail={session.current ? "This device" : `Last seen ${when(session.lastSeenAt)}`}
              action={
                session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={end.isPending}
                    aria-label={`Sign out ${session.browser} on ${session.system}`}
                    onClick={() => end.mutate(session.id, { onError: fail })}
                  >
                    Sign out
                  </Button>
                )
              }
            />
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Button
          variant="outline"
          className="mt-2 w-full sm:w-auto"
          disabled={end.isPending}
          onClick={() =>
            end.mutate("others", {
              onSuccess: () => toast({ title: "Signed out", description: "Every other device has been signed out." }),
              onError: fail,
            })
          }
        >
          <LogOut className="h-4 w-4" aria-hidden />
          Sign out of all other devices
        </Button>
      )}
    </div>
  );
}
