// 'Fill this prompt' with a new work: the prompt is remembered for this tab until the writer publishes (the publish
// dialog offers it as the work's `fills`) or lets it go. Framework-free so it is tested without React.

export interface PendingFill {
  promptId: number;
  /** The prompt's opening words and its collection, for the dialog's line. */
  excerpt: string;
  collectionTitle: string;
}

const KEY = "ficforge.pendingFill";
const EXCERPT_CHARS = 80;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const session = (): Store | undefined => (typeof sessionStorage === "undefined" ? undefined : sessionStorage);

/** The prompt's first words, cut at a word boundary. */
export function promptExcerpt(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function rememberFill(fill: PendingFill, store: Store | undefined = session()): void {
  store?.setItem(KEY, JSON.stringify(fill));
}

export function pendingFill(store: Store | undefined = session()): PendingFill | null {
  try {
    const value = JSON.parse(store?.getItem(KEY) ?? "null") as Partial<PendingFill> | null;
    if (!value || !Number.isInteger(value.promptId) || (value.promptId ?? 0) < 1) return null;
    return {
      promptId: value.promptId as number,
      excerpt: String(value.excerpt ?? ""),
      collectionTitle: String(value.collectionTitle ?? ""),
    };
  } catch {
    return null;
  }
}

export function forgetFill(store: Store | undefined = session()): void {
  store?.removeItem(KEY);
}
