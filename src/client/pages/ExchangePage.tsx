import { ExchangeSignupView } from "../features/exchange/ExchangeSignupView";

export default function ExchangePage({ name }: { name: string }) {
  return <ExchangeSignupView name={name} />;
}
