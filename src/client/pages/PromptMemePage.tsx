import { PromptMemeView } from "../features/prompts/PromptMemeView";

export default function PromptMemePage({ name }: { name: string }) {
  return <PromptMemeView name={name} />;
}
