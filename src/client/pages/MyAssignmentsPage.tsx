import { MyAssignmentsView } from "../features/exchange/MyAssignmentsView";

export default function MyAssignmentsPage() {
  return <MyAssignmentsView />;
}
