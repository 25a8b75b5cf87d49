import { CreateWizard } from "../features/wizard/CreateWizard";

export default function CreateStoryPage() {
  return <CreateWizard />;
}
