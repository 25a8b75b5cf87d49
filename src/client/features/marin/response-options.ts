// Marin's FicForge Plus response options (response length and chat style): the premium user's choice, remembered
// per user in localStorage, and what a request carries. Free users' requests never name an option (the server
// answers 403 to a free user who names a non-default one).
import { ChatStyle, DEFAULT_CHAT_STYLE, DEFAULT_RESPONSE_LENGTH, ResponseLength } from "../../../shared/schemas/marin";

export interface ResponseOptions {
  length: ResponseLength;
  chatStyle: ChatStyle;
}

export const DEFAULT_RESPONSE_OPTIONS: ResponseOptions = {
  length: DEFAULT_RESPONSE_LENGTH,
  chatStyle: DEFAULT_CHAT_STYLE,
};

/** The fields a chat or generation request adds: both options for a premium user, none for a free one. */
export type RequestOptions = Partial<ResponseOptions>;

export const LENGTH_LABELS: Record<ResponseLength, string> = { short: "Short", medium: "Medium", long: "Long" };

// NOTE: login and logout clear localStorage, so a choice lasts while the user stays signed in;
// the user id in the key keeps one account's choice from another's in a shared browser all the same.
export function optionsStorageKey(userId: number): string {
  return `marin-response-options:${userId}`;
}

export function loadResponseOptions(userId: number | null): ResponseOptions {
  if (userId === null) return DEFAULT_RESPONSE_OPTIONS;
  try {
    const saved = JSON.parse(window.localStorage.getItem(optionsStorageKey(userId)) ?? "{}") as Record<string, unknown>;
    return {
      length: ResponseLength.safeParse(saved.length).data ?? DEFAULT_RESPONSE_OPTIONS.length,
      chatStyle: ChatStyle.safeParse(saved.chatStyle).data ?? DEFAULT_RESPONSE_OPTIONS.chatStyle,
    };
  } catch {
    return DEFAULT_RESPONSE_OPTIONS;
  }
}

export function saveResponseOptions(userId: number, options: ResponseOptions | null): void {
  try {
    if (options) window.localStorage.setItem(optionsStorageKey(userId), JSON.stringify(options));
    else window.localStorage.removeItem(optionsStorageKey(userId));
  } catch {
    /* storage is off: the choice lasts until the page is left */
  }
}

export function requestOptions(options: ResponseOptions, isPremium: boolean): RequestOptions {
  return isPremium ? { length: options.length, chatStyle: options.chatStyle } : {};
}

/** The header button's summary, e.g. 'Medium · Classic'. */
export function optionsSummary(options: ResponseOptions, labels: Record<ChatStyle, { label: string }>): string {
  return `${LENGTH_LABELS[options.length]} · ${labels[options.chatStyle].label}`;
}
