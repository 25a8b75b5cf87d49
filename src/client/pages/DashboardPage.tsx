import { DashboardHome } from "../features/dashboard/DashboardHome";

export default function DashboardPage() {
  return <DashboardHome />;
}
