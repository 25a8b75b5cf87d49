import { ComingSoon } from "../components/ComingSoon";

export default function AuthSuccessPage() {
  return <ComingSoon title="Completing Sign In..." />;
}
