// The 'Gift to' and 'Related works' fields' own logic, apart from React: reading a FicForge story from what a writer
// pastes (an id, a public /s/ address, a reader address), and the body a save sends (only what changed).
import type { OwnGiftsAndLinks, RelatedWorkInput } from "../../../shared/schemas/gifts";

export interface GiftFieldValues {
  giftedTo: string[];
  relatedWorks: RelatedWorkInput[];
}

export const EMPTY_GIFT_FIELDS: GiftFieldValues = { giftedTo: [], relatedWorks: [] };

/** The story id in '42', '/s/42-the-copper-road', 'https://…/s/42-…/3' or '…/dashboard/story/42/read'; else undefined. */
export function storyIdFrom(text: string): number | undefined {
  const raw = text.trim();
  const match =
    /^(\d{1,9})$/.exec(raw) ?? /\/s\/(\d{1,9})(?:[-/?#]|$)/.exec(raw) ?? /\/story\/(\d{1,9})(?:[/?#]|$)/.exec(raw);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The form's values from the owner's view (what the server has). */
export function giftFieldsFrom(own: OwnGiftsAndLinks | undefined): GiftFieldValues {
  if (!own) return EMPTY_GIFT_FIELDS;
  return {
    giftedTo: [...own.giftedTo],
    relatedWorks: own.relatedWorks.map(({ id: _id, approved: _a, title, ...link }) =>
      "storyId" in link ? { ...link, ...(title ? { title } : {}) } : { ...link, title: title ?? "" },
    ) as RelatedWorkInput[],
  };
}

/** What a link sends: a FicForge link carries no title (the server names it), an outside one all of it. */
function linkBody(link: RelatedWorkInput): RelatedWorkInput {
  if ("storyId" in link) {
    return { storyId: link.storyId, relation: link.relation, ...(link.language ? { language: link.language } : {}) };
  }
  const { url, title, author, relation, language } = link;
  return { url, title, author, relation, ...(language ? { language } : {}) };
}

/** The fields of a save: each only when it differs from what the server has (`before`). */
export function giftFieldsBody(
  before: GiftFieldValues,
  now: GiftFieldValues,
): Partial<{ giftedTo: string[]; relatedWorks: RelatedWorkInput[] }> {
  const body: Partial<{ giftedTo: string[]; relatedWorks: RelatedWorkInput[] }> = {};
  const lower = (names: string[]) => names.map((n) => n.toLowerCase()).join("\n");
  if (lower(before.giftedTo) !== lower(now.giftedTo)) body.giftedTo = now.giftedTo;
  const links = (list: RelatedWorkInput[]) => JSON.stringify(list.map(linkBody));
  if (links(before.relatedWorks) !== links(now.relatedWorks)) body.relatedWorks = now.relatedWorks.map(linkBody);
  return body;
}

/** Adds a typed name (trimmed, without a leading @; a repeat in any case is not added twice). */
export function addRecipient(list: string[], typed: string): string[] {
  const name = typed.trim().replace(/^@/, "");
  if (!name || list.some((n) => n.toLowerCase() === name.toLowerCase())) return list;
  return [...list, name];
}
