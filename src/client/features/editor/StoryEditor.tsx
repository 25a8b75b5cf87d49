// The editor page's body: the writing pane (title, actions, formatting, TipTap) beside the assistant pane.
import { DEFAULT_LANGUAGE } from "../../../shared/languages";
import { useQueryClient } from "@tanstack/react-query";
import type { Node as PmNode } from "@tiptap/pm/model";
import { EditorContent, getHTMLFromFragment, useEditor } from "@tiptap/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { StoryView } from "../../../shared/schemas/story";
import { queryKeys } from "../../lib/query-keys";
import { FeedbackPanel } from "../feedback/FeedbackPanel";
import { HistoryDialog } from "../versions/HistoryDialog";
import { useRestoreIntoEditor } from "../versions/use-restore-into-editor";
import { useUnseenFeedback } from "../feedback/queries";
import { useSidebar } from "../layout/sidebar-state";
import { taggingFrom } from "../tags/TaggingFields";
import { PublishDialog } from "../publish/PublishDialog";
import { ScheduleChapterButton } from "../scheduling/ScheduleChapterButton";
import { countDocumentChapters } from "../scheduling/document-chapters";
import { UnpublishDialog } from "../publish/UnpublishDialog";
import { AssistantPane } from "../marin/AssistantPane";
import { ConflictDialog, draftAsText } from "./ConflictDialog";
import { DiscardedDraftBanner } from "./DiscardedDraftBanner";
import { PublicPageLinks } from "../publish/PublicPageLinks";
import { EditorHeader } from "./EditorHeader";
import { EDITOR_PARSE_OPTIONS, editorExtensions } from "./extensions";
import { FocusAnnouncer, FocusBar, FocusButton } from "./FocusMode";
import { FormattingToolbar } from "./FormattingToolbar";
import { SaveStatusBadge } from "./SaveStatusBadge";
import { loadInSlices } from "./sliced-load";
import { useFocusMode } from "./use-focus-mode";
import { copyText, normalizeEditorHtml } from "./html-text";
import type { Draft, StorySaver } from "./story-saver";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { chatWidthPercent, useIsNarrow } from "./use-layout-state";
import { confirmLeave, useLeaveGuard } from "./use-leave-guard";
import { usePublishFlow } from "./use-publish-flow";
import { useAiInsertion } from "./use-ai-insertion";
import { useStorySaver } from "./use-story-saver";
import { WordCount } from "./WordCount";
import "../stories/story-content.css";
import "./editor.css";

export function StoryEditor({ story }: { story: StoryView }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const narrow = useIsNarrow();
  // The sidebar (localStorage 'sidebar-collapsed', forced below 768 px) decides the 35/65 or 40/60 split.
  const sidebarCollapsed = useSidebar().collapsed;
  // Phones show one pane at a time, so the assistant starts hidden there.
  const [assistantVisible, setAssistantVisible] = useState(() => !narrow);
  // Crossing the phone width (a window narrowed, a tablet turned) starts over the same way: the story on a phone,
  // both panes on a wider screen. Adjusted while rendering, as React advises for state that follows a prop.
  const [layoutNarrow, setLayoutNarrow] = useState(narrow);
  if (layoutNarrow !== narrow) {
    setLayoutNarrow(narrow);
    setAssistantVisible(!narrow);
  }
  const [title, setTitle] = useState(story.title);
  const titleRef = useRef(story.title);
  const [published, setPublished] = useState(story.published);
  // Where readers find it (the public page's path changes with a publish, an unpublish and a retitle).
  const [publicPath, setPublicPath] = useState(story.publicPath);
  const [discarded, setDiscarded] = useState<Draft | null>(null);
  const [publishOpen, setPublishOpen] = useState(false);
  const [unpublishOpen, setUnpublishOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const publishShown = useOpenedOnce(publishOpen);
  const unpublishShown = useOpenedOnce(unpublishOpen);
  const feedbackShown = useOpenedOnce(feedbackOpen);
  const historyShown = useOpenedOnce(historyOpen);
  const unseenFeedback = useUnseenFeedback(story.id);
  const saverRef = useRef<StorySaver | null>(null);

  // NOTE: created once; later story answers (after saves) must not reset what the writer is typing.
  const [extensions] = useState(editorExtensions);
  const [initialContent] = useState(story.content);
  // The stored text goes in a slice per task (sliced-load.ts, decision 0060); until it is all in, the editor is
  // read-only and the whole page inert and hidden from assistive technology, as the preview before it was.
  const [loading, setLoading] = useState(true);
  const loadedDocRef = useRef<PmNode | null>(null);
  const editor = useEditor({
    extensions,
    editable: !loading,
    parseOptions: EDITOR_PARSE_OPTIONS,
    editorProps: {
      attributes: { class: "story-prose", "aria-label": "Story content", "aria-multiline": "true", role: "textbox" },
    },
    onUpdate: () => saverRef.current?.changed(),
  });
  // NOTE: a layout effect, so the first slice is in before the first paint: the text never blinks out.
  useLayoutEffect(
    () =>
      loadInSlices(editor, initialContent, () => {
        loadedDocRef.current = editor.state.doc;
        editor.setEditable(true, false);
        setLoading(false);
      }),
    [editor, initialContent],
  );
  const editorRef = useRef(editor);
  editorRef.current = editor;
  const read = useCallback(
    (): Draft => ({ title: titleRef.current, content: normalizeEditorHtml(editorRef.current.getHTML()) }),
    [],
  );
  // The document as loaded (ProseMirror documents are immutable), serialized only when the saver first compares,
  // which it does only once the whole text is in.
  const loadedContent = useCallback(() => {
    const doc = loadedDocRef.current ?? editorRef.current.state.doc;
    return normalizeEditorHtml(getHTMLFromFragment(doc.content, doc.type.schema));
  }, []);
  const isLoaded = useCallback(() => loadedDocRef.current !== null, []);
  const { saver, status, conflict } = useStorySaver(story, read, loadedContent, isLoaded);
  saverRef.current = saver;
  const bridge = useAiInsertion(editor, saver);
  const restoreVersion = useRestoreIntoEditor(story.id, editor, saver, () => setHistoryOpen(false));

  const changeTitle = (next: string) => {
    titleRef.current = next;
    setTitle(next);
    saver.changed();
  };
  const applyWrite = (written: StoryView) => {
    setPublished(written.published);
    setPublicPath(written.publicPath);
    if (saver.adoptWrite(written) && titleRef.current !== written.title) {
      titleRef.current = written.title;
      setTitle(written.title);
    }
  };
  const flow = usePublishFlow(story.id, saver, applyWrite);

  useLeaveGuard(() => saver.isDirty() || status === "saving");
  // Focus mode hides the assistant and the sidebar; the writer goes on typing where they were.
  // NOTE: the frame can come after the page has closed and the editor is gone (a quick Escape, leaving the page).
  const focus = useFocusMode(() =>
    requestAnimationFrame(() => {
      if (!editorRef.current.isDestroyed) editorRef.current.commands.focus();
    }),
  );
  useEditorShortcuts({
    save: () => void saver.save(),
    // In focus mode the assistant is hidden whatever its switch says: asking for it leaves focus mode.
    toggleAssistant: () => {
      if (focus.on) focus.leave();
      setAssistantVisible((visible) => focus.on || !visible);
    },
  });
  // A conflict found while saving before publishing replaces the publish dialog.
  useEffect(() => {
    if (conflict) setPublishOpen(false);
  }, [conflict]);

  const takeTheirs = () => {
    if (!conflict) return;
    const mine = conflict.mine;
    void copyText(draftAsText(mine));
    setDiscarded(mine);
    editor.commands.setContent(conflict.theirs.content, { emitUpdate: false, parseOptions: EDITOR_PARSE_OPTIONS });
    titleRef.current = conflict.theirs.title;
    setTitle(conflict.theirs.title);
    setPublished(conflict.theirs.published);
    // Their description, cover and tags are what the publish dialog should start from now.
    queryClient.setQueryData(queryKeys.story(story.id), conflict.theirs);
    saver.takeTheirs(conflict.theirs, normalizeEditorHtml(editor.getHTML()));
  };

  // History diffs against the saved text: what was typed is saved first.
  const openHistory = async () => {
    if (saver.isDirty()) await saver.save();
    setHistoryOpen(true);
  };

  const customize = async () => {
    if (saver.isDirty()) await saver.save();
    if (confirmLeave(saver.isDirty())) navigate(ROUTES.details(story.id));
  };

  const chatPercent = chatWidthPercent(sidebarCollapsed);
  const showAssistant = assistantVisible && !focus.on;
  const splitView = showAssistant && !narrow;
  const editorHidden = showAssistant && narrow;

  return (
    <div
      className="flex h-dvh min-h-0 w-full overflow-hidden bg-white"
      inert={loading || undefined}
      aria-hidden={loading || undefined}
      aria-busy={loading || undefined}
    >
      <section
        aria-label="Story editor"
        className={editorHidden ? "hidden" : "flex min-w-0 flex-col"}
        style={{ width: splitView ? `${100 - chatPercent}%` : "100%" }}
        data-focus-editor={focus.on || undefined}
      >
        {focus.on ? (
          <FocusBar onLeave={focus.leave}>
            <WordCount editor={editor} />
            <SaveStatusBadge status={status} onRetry={() => void saver.save()} />
          </FocusBar>
        ) : null}
        <EditorHeader
          title={title}
          onTitleChange={changeTitle}
          status={status}
          wordCount={<WordCount editor={editor} />}
          onSave={() => void saver.save()}
          onCustomize={() => void customize()}
          published={published}
          onTogglePublish={() => {
            if (published) return setUnpublishOpen(true);
            // Saved first, so the dialog's share is measured on the text as it is now.
            if (saver.isDirty()) void saver.save();
            setPublishOpen(true);
          }}
          assistantVisible={assistantVisible}
          onToggleAssistant={() => setAssistantVisible((visible) => !visible)}
          unseenFeedback={unseenFeedback}
          onOpenFeedback={() => setFeedbackOpen(true)}
          onOpenHistory={() => void openHistory()}
          publicLinks={
            <div className="flex flex-wrap items-center">
              <PublicPageLinks story={{ id: story.id, title, published, publicPath }} />
              {published ? (
                <ScheduleChapterButton
                  storyId={story.id}
                  countChapters={() => countDocumentChapters(editor.getHTML())}
                />
              ) : null}
            </div>
          }
        />
        <FormattingToolbar editor={editor} ready={!loading}>
          <FocusButton onEnter={focus.enter} />
        </FormattingToolbar>
        {discarded ? <DiscardedDraftBanner draft={discarded} onDismiss={() => setDiscarded(null)} /> : null}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <EditorContent editor={editor} className="story-editor mx-auto max-w-3xl px-4 py-6 sm:px-8" />
        </div>
      </section>
      {/* NOTE: hidden, never unmounted: hiding the assistant (a phone's 'Back to the story', Ctrl+Alt+B) must not stop
          a generation that is still writing into the story, nor lose the chat being typed. */}
      <aside
        aria-label="Assistant"
        hidden={!showAssistant}
        className={showAssistant ? "flex min-w-0 flex-col border-l border-brand-100" : "hidden"}
        style={{ width: splitView ? `${chatPercent}%` : "100%" }}
      >
        {narrow ? (
          <button
            type="button"
            onClick={() => setAssistantVisible(false)}
            className="cursor-pointer border-b border-brand-100 bg-white px-4 py-2 text-left text-sm font-medium text-brand-700"
          >
            ← Back to the story
          </button>
        ) : null}
        <div className="min-h-0 flex-1">
          {/* NOTE: no bridge until the whole text is in: Marin neither follows each slice (a render of the pane per
              slice) nor writes into a half-loaded story. */}
          <AssistantPane story={story} bridge={loading ? null : bridge} />
        </div>
      </aside>
      <FocusAnnouncer text={focus.announcement} />
      <ConflictDialog conflict={conflict} onTakeTheirs={takeTheirs} onKeepMine={() => void saver.keepMine()} />
      {/* The dialogs are drawn once first opened (then kept, for their closing animation): less to build at start. */}
      {publishShown ? (
        <PublishDialog
          open={publishOpen}
          onOpenChange={setPublishOpen}
          initial={{
            title,
            description: story.description ?? "",
            coverImage: story.coverImage,
            tags: story.tags ?? [],
            markedMature: story.markedMature,
            tagging: taggingFrom(story),
            aiDeclaration: story.aiDeclaration ?? "none",
            audience: story.audience ?? "everyone",
            language: story.language ?? DEFAULT_LANGUAGE,
          }}
          measured={{ wordCount: story.wordCount, aiShare: story.aiShare }}
          pending={flow.publishing || status === "saving"}
          onSubmit={flow.publishWith}
          onSchedule={flow.scheduleWith}
          storyId={story.id}
        />
      ) : null}
      {unpublishShown ? (
        <UnpublishDialog
          open={unpublishOpen}
          onOpenChange={setUnpublishOpen}
          pending={flow.unpublishing}
          onConfirm={flow.unpublishNow}
        />
      ) : null}
      {feedbackShown ? (
        <FeedbackPanel storyId={String(story.id)} open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      ) : null}
      {historyShown ? (
        <HistoryDialog storyId={story.id} open={historyOpen} onOpenChange={setHistoryOpen} onRestore={restoreVersion} />
      ) : null}
    </div>
  );
}

/** True from the first time `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
