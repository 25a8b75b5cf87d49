// The formatting toolbar, in its fixed order, each button labelled and showing whether it is active. Only
// types come from TipTap here: the editor's loading preview (EditorPreview.tsx) draws the same bar before TipTap loads.
// Each icon has a tooltip with its name where there is a mouse; on a phone or a touch screen, where
// tooltips do not open, the name is written under the icon instead.
import type { Editor } from "@tiptap/react";
import {
  AlignCenter,
  AlignLeft,
  Bold,
  Heading1,
  Heading2,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  Redo2,
  Underline,
  Undo2,
} from "lucide-react";
import type { ReactNode } from "react";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";

export interface Tool {
  label: string;
  /** The name written under the icon on small screens: a short part of the label. */
  caption?: string;
  icon: LucideIcon;
  run: (editor: Editor) => void;
  /** Toggles report aria-pressed; undo and redo are plain actions. */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  groupEnd?: boolean;
}

const chain = (editor: Editor) => editor.chain().focus();

export const TOOLS: Tool[] = [
  { label: "Bold", icon: Bold, run: (e) => chain(e).toggleBold().run(), active: (e) => e.isActive("bold") },
  { label: "Italic", icon: Italic, run: (e) => chain(e).toggleItalic().run(), active: (e) => e.isActive("italic") },
  {
    label: "Underline",
    icon: Underline,
    run: (e) => chain(e).toggleUnderline().run(),
    active: (e) => e.isActive("underline"),
    groupEnd: true,
  },
  {
    label: "Heading 1",
    icon: Heading1,
    run: (e) => chain(e).toggleHeading({ level: 1 }).run(),
    active: (e) => e.isActive("heading", { level: 1 }),
  },
  {
    label: "Heading 2",
    icon: Heading2,
    run: (e) => chain(e).toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive("heading", { level: 2 }),
    groupEnd: true,
  },
  {
    label: "Align left",
    caption: "Left",
    icon: AlignLeft,
    run: (e) => chain(e).setTextAlign("left").run(),
    active: (e) => e.isActive({ textAlign: "left" }),
  },
  {
    label: "Align center",
    caption: "Center",
    icon: AlignCenter,
    run: (e) => chain(e).setTextAlign("center").run(),
    active: (e) => e.isActive({ textAlign: "center" }),
    groupEnd: true,
  },
  {
    label: "Numbered list",
    caption: "Numbered",
    icon: ListOrdered,
    run: (e) => chain(e).toggleOrderedList().run(),
    active: (e) => e.isActive("orderedList"),
  },
  {
    label: "Checklist",
    icon: List,
    run: (e) => chain(e).toggleBulletList().run(),
    active: (e) => e.isActive("bulletList"),
    groupEnd: true,
  },
  { label: "Undo", icon: Undo2, run: (e) => chain(e).undo().run(), enabled: (e) => e.can().undo() },
  { label: "Redo", icon: Redo2, run: (e) => chain(e).redo().run(), enabled: (e) => e.can().redo() },
];

/**
 * The bar itself. `flags` holds two characters per tool (active, enabled); without it (the editor still loading)
 * every button is drawn disabled. `children` go at the end of the bar (focus mode's button).
 */
export function ToolbarView({
  flags,
  onRun,
  children,
}: {
  flags: string | null;
  onRun: (tool: Tool) => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-brand-100 bg-white px-2 py-1.5 sm:px-4"
    >
      {TOOLS.map((tool, index) => {
        const active = flags?.[index * 2] === "1";
        const enabled = flags?.[index * 2 + 1] === "1";
        const Icon = tool.icon;
        return (
          <span key={tool.label} className="flex items-center">
            <Tooltip content={tool.label} side="bottom">
              <button
                type="button"
                aria-label={tool.label}
                aria-pressed={tool.active ? active : undefined}
                disabled={!enabled}
                // Keep the editor's selection: a mousedown on the button would otherwise blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onRun(tool)}
                className={cn(
                  "inline-flex h-9 min-w-9 cursor-pointer flex-col items-center justify-center rounded-md px-1 text-slate-600 transition-colors hover:bg-brand-50 hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 max-sm:h-11 pointer-coarse:h-11",
                  active && "bg-brand-100 text-brand-800 hover:bg-brand-100",
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                <span
                  aria-hidden
                  className="hidden text-[10px] leading-tight font-medium whitespace-nowrap max-sm:block pointer-coarse:block"
                >
                  {tool.caption ?? tool.label}
                </span>
              </button>
            </Tooltip>
            {/* On a phone the toolbar wraps, and a divider could end a row; the labels keep the groups apart. */}
            {tool.groupEnd ? <span aria-hidden className="mx-1 h-5 w-px bg-brand-100 max-sm:hidden" /> : null}
          </span>
        );
      })}
      {children}
    </div>
  );
}
