// The editor page while TipTap loads and builds its document: the same frame (header, toolbar, the assistant's
// column) with the story's stored text drawn read-only where the editor will hold it. A 100,000-word story is then
// on screen as soon as it arrives, not after the editor's chunk has compiled and ProseMirror has built 2,400
// paragraphs (decision 0047). Nothing here can be used yet: the frame is inert, and no TipTap code is loaded.
// routes.tsx shows it first on every opening, and the editor in its place once it has been painted.
import { useEffect } from "react";
import { FullPageSpinner, Spinner } from "../../components/ui/spinner";
import { afterNextPaint } from "../../lib/after-paint";
import { useSidebar } from "../layout/sidebar-state";
import { useStoryQuery } from "../stories/queries";
import { EditorHeader } from "./EditorHeader";
import { FocusButton } from "./FocusMode";
import { ToolbarView } from "./ToolbarView";
import { chatWidthPercent, useIsNarrow } from "./use-layout-state";
import { formatWordCount } from "./word-count";
import "../stories/story-content.css";
import "./editor.css";

const nothing = () => {};

/**
 * More than a tall screen holds: the preview is gone before anyone scrolls, and the editor's first slice
 * (sliced-load.ts) replaces it with about as much. Drawing 30,000 characters cost the phone a long task (0060).
 */
const PREVIEW_CHARS = 8_000;

/** The stored HTML's start, cut after a paragraph (the browser closes any wrapper left open). */
export function previewHtml(html: string): string {
  const end = html.indexOf("</p>", PREVIEW_CHARS);
  return end < 0 ? html : html.slice(0, end + "</p>".length);
}

/** `onShown` runs once the text has been painted, or once there is no text to show (the story failed to load). */
export default function EditorPreview({ id, onShown }: { id: string; onShown: () => void }) {
  const story = useStoryQuery(id);
  const narrow = useIsNarrow();
  const sidebarCollapsed = useSidebar().collapsed;
  useEffect(() => (story.isPending ? undefined : afterNextPaint(onShown)), [story.isPending, onShown]);
  if (!story.data) return <FullPageSpinner />;
  const chatPercent = chatWidthPercent(sidebarCollapsed);
  // As StoryEditor lays out its first frame: both panes on a wide screen, the story alone on a phone.
  // NOTE: neither the editor's landmarks ('Story editor', 'Assistant') nor its page heading: nothing that looks for
  // the editor (a screen reader's heading list, a test waiting for the page) should find this instead.
  return (
    <section
      className="flex h-dvh min-h-0 w-full overflow-hidden bg-white"
      aria-label="Opening the story"
      aria-busy="true"
      data-testid="editor-preview"
    >
      <div className="flex min-w-0 flex-col" style={{ width: narrow ? "100%" : `${100 - chatPercent}%` }}>
        {/* Hidden from assistive technology too: the live header replaces it in a moment. */}
        <div inert aria-hidden="true">
          <EditorHeader
            title={story.data.title}
            onTitleChange={nothing}
            status="saved"
            wordCount={
              <span className="text-xs whitespace-nowrap text-slate-500 tabular-nums">
                {formatWordCount(story.data.wordCount)}
              </span>
            }
            onSave={nothing}
            onCustomize={nothing}
            published={story.data.published}
            onTogglePublish={nothing}
            assistantVisible={!narrow}
            onToggleAssistant={nothing}
            unseenFeedback={0}
            onOpenFeedback={nothing}
            onOpenHistory={nothing}
          />
          <ToolbarView flags={null} onRun={nothing}>
            <FocusButton onEnter={nothing} />
          </ToolbarView>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="story-editor mx-auto max-w-3xl px-4 py-6 sm:px-8">
            {/* The stored text is the server's sanitized HTML, the same the editor is about to load. */}
            <div
              className="story-prose story-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on every save (server/stories).
              dangerouslySetInnerHTML={{ __html: previewHtml(story.data.content) }}
            />
          </div>
        </div>
      </div>
      {narrow ? null : (
        <div
          className="flex min-w-0 flex-col items-center justify-center border-l border-brand-100"
          style={{ width: `${chatPercent}%` }}
        >
          <Spinner className="h-6 w-6 text-brand-600" label="Loading Marin" />
        </div>
      )}
    </section>
  );
}
