import { ComingSoon } from "../components/ComingSoon";

export default function EmailConfirmedPage() {
  return <ComingSoon title="Email verification" />;
}
