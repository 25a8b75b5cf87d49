// The editor's top bar: the editable title, the word count and save state, and the story actions (save,
// customize, publish, assistant). Each action's name is always written: beside its icon on wide screens,
// under it on narrow ones, where there is no room beside it and no mouse to show a tooltip.
import { EyeOff, Globe, History, MessageSquare, PanelRightClose, PanelRightOpen, Save, Settings2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { STORY_TITLE_MAX } from "../../../shared/limits";
import { filterTitle, maximumReachedNote } from "../../../shared/live-filter";
import { StoryTitle } from "../../../shared/schemas/story";
import { FilterHint, useFilterHint } from "../../components/ui/filter-hint";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";
import { feedbackLabel, UnseenBadge } from "../feedback/FeedbackButton";
import { SaveStatusBadge } from "./SaveStatusBadge";
import type { SaveStatus } from "./story-saver";

interface EditorHeaderProps {
  title: string;
  onTitleChange: (title: string) => void;
  status: SaveStatus;
  /** Shown beside the save state. */
  wordCount: ReactNode;
  onSave: () => void;
  onCustomize: () => void;
  published: boolean;
  onTogglePublish: () => void;
  assistantVisible: boolean;
  onToggleAssistant: () => void;
  /** Comments the author has not seen yet, on the 'Feedback' button. */
  unseenFeedback: number;
  onOpenFeedback: () => void;
  /** The story's versions (features/versions). */
  onOpenHistory: () => void;
  /** A published story's 'View public page' and 'Copy link' (nothing for a draft). */
  publicLinks?: ReactNode;
}

function ActionButton({
  label,
  icon,
  onClick,
  shortcut,
  emphasis,
  caption = label,
  wide = label,
  badge,
}: {
  /** The name written beside the icon on wide screens, where `label` says more than fits (a count). */
  wide?: string;
  label: string;
  /** Beside the icon, e.g. a count. */
  badge?: ReactNode;
  /** The name written under the icon on narrow screens, a part of `label` where the whole does not fit. */
  caption?: string;
  icon: ReactNode;
  onClick: () => void;
  shortcut?: string;
  emphasis?: boolean;
}) {
  const button = (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-keyshortcuts={shortcut}
      className={cn(
        "inline-flex min-h-9 min-w-0 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-lg px-0.5 py-1 font-medium transition-colors sm:min-w-14 sm:px-1.5 lg:h-9 lg:min-w-0 lg:flex-row lg:gap-1.5 lg:px-2.5 lg:py-0",
        emphasis
          ? "border border-transparent bg-gradient-to-r from-brand-600 to-pink-600 text-white hover:from-brand-700 hover:to-pink-700"
          : "border border-brand-200 bg-white text-brand-800 hover:bg-brand-50",
      )}
    >
      <span className="inline-flex items-center gap-1">
        {icon}
        {badge}
      </span>
      <span aria-hidden className="text-[10px] leading-tight tracking-tight whitespace-nowrap sm:text-[11px] lg:hidden">
        {caption}
      </span>
      <span aria-hidden className="hidden text-sm whitespace-nowrap lg:inline">
        {wide}
      </span>
    </button>
  );
  if (!shortcut) return button;
  return (
    <Tooltip content={`${label} (${shortcut.replace(/\+/g, " + ")})`} side="bottom">
      {button}
    </Tooltip>
  );
}

export function EditorHeader(props: EditorHeaderProps) {
  const { atLimit } = filterTitle(props.title);
  const titleError = StoryTitle.safeParse(props.title).error?.issues[0]?.message ?? null;
  const icon = "h-4 w-4 shrink-0";
  const hintId = useId();
  const { hint, report } = useFilterHint("title");
  const changeTitle = (text: string) => {
    const filtered = filterTitle(text);
    report(filtered.dropped);
    props.onTitleChange(filtered.value);
  };
  return (
    <header className="flex flex-col gap-2 border-b border-brand-100 bg-white px-3 py-3 sm:px-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <input
            aria-label="Story title"
            value={props.title}
            maxLength={STORY_TITLE_MAX}
            placeholder="Untitled Story"
            aria-invalid={titleError ? true : undefined}
            aria-describedby={hint ? hintId : undefined}
            onChange={(event) => changeTitle(event.target.value)}
            className="w-full truncate rounded-md border border-transparent bg-transparent px-1 py-0.5 text-xl font-bold text-ink hover:border-brand-100 focus:border-brand-300 focus:outline-none sm:text-2xl"
          />
          <div className="px-1">
            <FilterHint id={hintId} hint={hint} />
          </div>
          {titleError ? (
            <p className="px-1 text-xs text-red-600">{titleError}</p>
          ) : atLimit ? (
            <p className="px-1 text-xs text-orange-600">{maximumReachedNote(STORY_TITLE_MAX)}</p>
          ) : null}
          {props.publicLinks}
        </div>
        <div className="flex items-center gap-3">
          {props.wordCount}
          <SaveStatusBadge status={props.status} onRetry={props.onSave} />
        </div>
      </div>
      {/* NOTE: a phone has room for six captioned buttons only as six equal columns (about 50 px at 390 px beside
          the folded sidebar), tightly spaced. */}
      <div className="grid grid-cols-6 gap-0.5 sm:flex sm:flex-wrap sm:items-center sm:gap-2">
        <ActionButton
          label="Save"
          icon={<Save className={icon} aria-hidden />}
          onClick={props.onSave}
          shortcut="Control+S"
        />
        <ActionButton label="Customize" icon={<Settings2 className={icon} aria-hidden />} onClick={props.onCustomize} />
        <ActionButton
          label={feedbackLabel(props.unseenFeedback)}
          caption="Feedback"
          wide="Feedback"
          icon={<MessageSquare className={icon} aria-hidden />}
          badge={<UnseenBadge count={props.unseenFeedback} />}
          onClick={props.onOpenFeedback}
        />
        <ActionButton label="History" icon={<History className={icon} aria-hidden />} onClick={props.onOpenHistory} />
        <ActionButton
          label={props.published ? "Unpublish" : "Publish"}
          icon={props.published ? <EyeOff className={icon} aria-hidden /> : <Globe className={icon} aria-hidden />}
          onClick={props.onTogglePublish}
          emphasis={!props.published}
        />
        <ActionButton
          label={props.assistantVisible ? "Hide assistant" : "Show assistant"}
          caption="Assistant"
          icon={
            props.assistantVisible ? (
              <PanelRightClose className={icon} aria-hidden />
            ) : (
              <PanelRightOpen className={icon} aria-hidden />
            )
          }
          onClick={props.onToggleAssistant}
          shortcut="Control+Alt+B"
        />
      </div>
    </header>
  );
}
