import { ExchangeManageView } from "../features/exchange/ExchangeManageView";

export default function ExchangeManagePage({ name }: { name: string }) {
  return <ExchangeManageView name={name} />;
}
