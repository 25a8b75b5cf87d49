// /dashboard/upgrade: FicForge Plus (features/upgrade).
import { UpgradeView } from "../features/upgrade/UpgradeView";

export default function UpgradePage() {
  return <UpgradeView />;
}
