// /dashboard/exchanges/{name}/manage: the maintainers' page — the exchange's settings (or opening one), the sign-ups,
// matching and its result, sending assignments and pinch hits.
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { EXCHANGE_NOT_FOUND } from "../../../shared/schemas/exchange";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError, errorMessage } from "../../lib/api";
import { ExchangeSettingsForm } from "./ExchangeSettingsForm";
import { rulesText, when } from "./ExchangeSignupView";
import { MatchingPanel } from "./MatchingPanel";
import { useExchange, useExchangeSignups, useMatching } from "./queries";

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5">
    <h2 className="text-xl font-bold text-ink">{title}</h2>
    {children}
  </section>
);

export function ExchangeManageView({ name }: { name: string }) {
  const exchange = useExchange(name);
  const x = exchange.data;
  const maintainer = Boolean(x?.maintainer);
  const signups = useExchangeSignups(name, maintainer);
  const matching = useMatching(name, maintainer);
  const none = exchange.error instanceof ApiError && exchange.error.data.message === EXCHANGE_NOT_FOUND;
  if (exchange.isPending) return <Skeleton className="m-6 h-64" />;
  if (none) {
    // The collection exists but runs no exchange yet: its maintainers open one here (the server checks who may).
    return (
      <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <h1 className="font-serif text-3xl font-bold text-ink">Open a gift exchange</h1>
        <Section title="Settings">
          <ExchangeSettingsForm name={name} current={null} />
        </Section>
      </div>
    );
  }
  if (!x)
    return <p className="p-6 text-slate-600">{errorMessage(exchange.error, "This exchange could not be loaded.")}</p>;
  if (!x.maintainer) return <p className="p-6 text-slate-600">Only the collection's maintainers can do that.</p>;
  const list = signups.data ?? [];
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-1">
        <h1 className="break-words font-serif text-3xl font-bold text-ink">{x.collection.title}: gift exchange</h1>
        <p className="text-sm text-slate-700">
          Sign-ups {x.signupState} · {x.signups ?? 0} signed up · gifts due {when(x.dueAt)} · {rulesText(x.rules)}
        </p>
        <Link href={ROUTES.exchange(x.collection.name)} className="text-sm font-semibold text-brand-700 underline">
          The sign-up page
        </Link>
      </header>
      <Section title="Settings">
        <ExchangeSettingsForm key={x.dueAt + x.signupOpensAt} name={name} current={x} />
      </Section>
      <Section title={`Sign-ups (${list.length})`}>
        {list.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody has signed up yet.</p>
        ) : (
          <ul className="divide-y divide-brand-100 text-sm" data-testid="exchange-signups">
            {list.map((s) => (
              <li key={s.username} className="space-y-1 py-2">
                <p className="font-semibold text-ink">
                  {s.username}
                  {s.pinchHitter ? <span className="ml-2 font-normal text-brand-700">pinch hitter</span> : null}
                </p>
                <p className="break-words text-slate-700">
                  Offers: {[...s.offers.fandoms, ...s.offers.characters, ...s.offers.relationships].join(", ") || "—"}
                </p>
                <p className="break-words text-slate-700">
                  Requests:{" "}
                  {[...s.requests.fandoms, ...s.requests.characters, ...s.requests.relationships].join(", ") || "—"}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Matching">
        <MatchingPanel exchange={x} matching={matching.data} signups={list} />
      </Section>
    </div>
  );
}
