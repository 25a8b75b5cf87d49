// The publish dialog's 'Add to collections' (issue 33): the names the writer typed, each added once the work is
// published, and each answer in words (added, waiting for approval, or the server's reason).
import { COLLECTION_LIMITS, CollectionName } from "../../../shared/schemas/collections";
import { errorMessage } from "../../lib/api";
import { addToCollection } from "./queries";

export interface CollectionAnswer {
  name: string;
  ok: boolean;
  text: string;
}

/** The names typed (commas or spaces between them; a leading /c/ or @ dropped), lower case, each once. */
export function parseCollectionNames(raw: string): string[] {
  const names = raw
    .split(/[\s,]+/)
    .map((n) =>
      n
        .replace(/^\/?c\//, "")
        .replace(/^@/, "")
        .toLowerCase(),
    )
    .filter((n) => n !== "");
  return [...new Set(names)];
}

/** A problem with the names before publishing, or null. */
export function checkCollectionNames(names: readonly string[]): string | null {
  if (names.length > COLLECTION_LIMITS.publishNames)
    return `Add at most ${COLLECTION_LIMITS.publishNames} collections at once`;
  const bad = names.find((n) => !CollectionName.safeParse(n).success);
  return bad === undefined ? null : `“${bad}”: names are 3–40 lower-case letters, digits and _`;
}

export function answerText(state: string): string {
  if (state === "approved") return "added";
  if (state === "pending") return "waiting for approval";
  return state;
}

/** Adds the story to each collection in turn; never throws (each failure is that name's answer). */
export async function addToCollections(names: readonly string[], storyId: number): Promise<CollectionAnswer[]> {
  const answers: CollectionAnswer[] = [];
  for (const name of names) {
    try {
      const answer = await addToCollection(name, storyId);
      answers.push({ name, ok: true, text: answerText(answer.state) });
    } catch (failure) {
      answers.push({ name, ok: false, text: errorMessage(failure) });
    }
  }
  return answers;
}
