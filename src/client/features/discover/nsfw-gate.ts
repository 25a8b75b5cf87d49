// Who may see mature stories in Discover (Plus only; the server enforces it, the client only asks).
// Decision (the spec names the message but not the moment): a free user's toggle is locked (tooltip
// 'Unlock with FicForge Plus'), and when a free user's Discover list comes back empty, the empty state is
// 'Upgrade to FicForge Plus to view NSFW content' (the empty message: stories may exist that only Plus
// readers see). A premium user with an empty list gets the plain empty message.
import { PLUS_NAME } from "../../../shared/schemas/billing";
import type { PublishedStoryItem } from "../../../shared/schemas/reading";

export const NSFW_LOCKED_TOOLTIP = `Unlock with ${PLUS_NAME}`;
export const NSFW_UPGRADE_MESSAGE = `Upgrade to ${PLUS_NAME} to view NSFW content`;
export const NO_STORIES_MESSAGE = "No published stories yet";

export interface NsfwGate {
  /** The toggle can be switched. */
  toggleEnabled: boolean;
  /** The toggle shows as on. */
  showing: boolean;
  /** The `nsfw` query parameter to send. */
  param: "1" | undefined;
  /** What an empty list says. */
  emptyMessage: string;
  /** The empty state offers the upgrade page. */
  offerUpgrade: boolean;
}

export function nsfwGate({ isPremium, wanted }: { isPremium: boolean; wanted: boolean }): NsfwGate {
  const showing = isPremium && wanted;
  return {
    toggleEnabled: isPremium,
    showing,
    param: showing ? "1" : undefined,
    emptyMessage: isPremium ? NO_STORIES_MESSAGE : NSFW_UPGRADE_MESSAGE,
    offerUpgrade: !isPremium,
  };
}

/** Belt and braces: a mature item never shows unless the toggle is on (the server already leaves them out). */
export function visibleItems(items: readonly PublishedStoryItem[], gate: NsfwGate): PublishedStoryItem[] {
  return gate.showing ? [...items] : items.filter((item) => item.rating !== "mature");
}
