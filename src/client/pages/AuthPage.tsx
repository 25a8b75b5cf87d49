import { ComingSoon } from "../components/ComingSoon";

export default function AuthPage() {
  return <ComingSoon title="Sign in" />;
}
