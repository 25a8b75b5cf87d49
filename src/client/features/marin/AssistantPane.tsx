// PLACEHOLDER (helper "pane" replaces it): the assistant pane beside the editor.
import { Bot, SendHorizontal } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/input";
import type { StoryView } from "../../../shared/schemas/story";
import type { EditorBridge } from "./editor-bridge";

export const CHAT_PLACEHOLDER = "Ask the assistant for help or suggestions...";
export const CHAT_HINT = 'Use "generate" or "write" in your message to create new content. Press Enter to send.';

export function AssistantPane(_props: { story: StoryView; bridge: EditorBridge | null }) {
  return (
    <div className="flex h-full min-h-0 flex-col bg-brand-50/40">
      <header className="flex items-center gap-3 border-b border-brand-100 bg-white px-4 py-3">
        <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-pink-600 text-white">
          <Bot className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 className="font-semibold text-ink">Marin</h2>
          <p className="text-xs text-slate-500">Your writing assistant</p>
        </div>
      </header>
      <div className="flex flex-1 items-center justify-center p-6 text-center">
        <p className="max-w-xs text-sm text-slate-600">
          Marin is being set up. Chatting and generating story content will be available here soon.
        </p>
      </div>
      <form className="border-t border-brand-100 bg-white p-3" onSubmit={(event) => event.preventDefault()}>
        <div className="flex items-end gap-2">
          <Textarea
            aria-label="Message Marin"
            placeholder={CHAT_PLACEHOLDER}
            disabled
            rows={2}
            className="min-h-0 resize-none"
          />
          <Button type="submit" size="icon" disabled aria-label="Send message">
            <SendHorizontal className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        <p className="mt-2 text-xs text-slate-500">{CHAT_HINT}</p>
      </form>
    </div>
  );
}
