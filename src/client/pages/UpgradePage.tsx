import { ComingSoon } from "../components/ComingSoon";

export default function UpgradePage() {
  return <ComingSoon title="Upgrade" />;
}
