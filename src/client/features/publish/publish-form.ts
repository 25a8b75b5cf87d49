// The publish dialog's form: its checks (title, then description, each with its toast and
// the same text at the field), and what it keeps between openings.
import type { AiDeclaration, Audience } from "../../../shared/ai-label";
import { PUBLISH_TOASTS, type PublishBody } from "../../../shared/schemas/story";
import { CATALOGUE_TAGS } from "../../../shared/tagging";
import { isTaggingField, type TaggingValues, taggingBody } from "../tags/TaggingFields";
import type { ToastInput } from "../../components/ui/toaster";
import { isLanguageCode } from "../../../shared/languages";

export interface PublishDraft {
  title: string;
  description: string;
  coverImage: string | null;
  tags: string[];
  /** The author's own mark: mature stories reach only FicForge Plus readers who turn NSFW on. */
  markedMature: boolean;
  /** Rating, warnings, status and free-form tags (issue 17). */
  tagging: TaggingValues;
  /** The writer's statement for text from other tools (raised to the measured label when sent). */
  aiDeclaration: AiDeclaration;
  /** Everyone, or signed-in readers only. */
  audience: Audience;
  /** Issue 31: the work's language (absent: kept as it is, `en` for a new work). */
  language?: string;
}

export type PublishField = keyof PublishDraft;

const PUBLISH_TAG_SET: ReadonlySet<string> = new Set(CATALOGUE_TAGS);
const FIELDS: readonly PublishField[] = [
  "title",
  "description",
  "coverImage",
  "tags",
  "markedMature",
  "aiDeclaration",
  "audience",
  "language",
];

/** Only catalogue tags (one catalogue for publish, details and filters; rows may hold older names). */
export function publishableTags(tags: readonly string[] | undefined): string[] {
  return (tags ?? []).filter((tag) => PUBLISH_TAG_SET.has(tag));
}

/** The publish request's field names are the form's own. */
export function publishField(key: string): PublishField | "giftedTo" | "relatedWorks" | undefined {
  if (isTaggingField(key)) return "tagging";
  // Issue 30: the gift and related-work fields (features/gifts) show their own messages.
  if (key === "giftedTo" || key === "relatedWorks") return key;
  return (FIELDS as readonly string[]).includes(key) ? (key as PublishField) : undefined;
}

type Problem = { problem: ToastInput; field: PublishField; message: string };

function problem(field: PublishField, title: keyof typeof PUBLISH_TOASTS): Problem {
  const message = PUBLISH_TOASTS[title];
  return { problem: { title, description: message, variant: "destructive" }, field, message };
}

export function checkPublishDraft(draft: PublishDraft): { body: PublishBody } | Problem {
  const title = draft.title.trim();
  if (!title) return problem("title", "Title required");
  const description = draft.description.trim();
  if (!description) return problem("description", "Description required");
  return {
    body: {
      title,
      description,
      coverImage: draft.coverImage,
      tags: draft.tags,
      markedMature: draft.markedMature,
      ...taggingBody(draft.tagging),
      aiDeclaration: draft.aiDeclaration,
      audience: draft.audience,
      ...(draft.language && isLanguageCode(draft.language) ? { language: draft.language } : {}),
    },
  };
}

const same = (a: PublishDraft[PublishField], b: PublishDraft[PublishField]) =>
  typeof a === "object" && a !== null && typeof b === "object" && b !== null
    ? JSON.stringify(a) === JSON.stringify(b)
    : a === b;

/**
 * What the dialog shows when it opens again: what the writer typed there, except for fields that changed
 * elsewhere since it last opened (the title edited in the editor, another tab's version taken after a
 * conflict), which are taken from the story as it is now.
 */
export function reopenDraft(typed: PublishDraft, before: PublishDraft, now: PublishDraft): PublishDraft {
  const pick = <K extends PublishField>(key: K): PublishDraft[K] =>
    same(before[key], now[key]) ? typed[key] : now[key];
  return {
    title: pick("title"),
    description: pick("description"),
    coverImage: pick("coverImage"),
    tags: pick("tags"),
    markedMature: pick("markedMature"),
    tagging: pick("tagging"),
    aiDeclaration: pick("aiDeclaration"),
    audience: pick("audience"),
    ...(now.language === undefined ? {} : { language: pick("language") }),
  };
}
