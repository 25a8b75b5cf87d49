// POST /api/stories: the wizard's creation payload with its defaults.
import type { StoryCreate } from "../../shared/schemas/story";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { resolveCoverInput } from "../images/cover-input";
import type { ImageStorage } from "../images/storage/driver";
import type { UserRow } from "../types";
import type { StoryWithTags } from "./present";
import { assertContentSize, SANITIZER_VERSION, sanitizeContent, stripControlChars } from "../content/sanitize-content";
import { derivedStoryColumns } from "./story-rating";
import { assertThemesAllowed } from "./story-rules";
import { countStoryWords } from "../content/story-text";
import { measuredColumns } from "../provenance/provenance";

/** The description defaults to 'Setting: ' followed by the setting. */
export function defaultDescription(setting: string | undefined): string | null {
  return setting?.trim() ? `Setting: ${setting}` : null;
}

export async function createStory(
  db: Db,
  storage: ImageStorage,
  user: UserRow,
  input: StoryCreate,
  now: Date,
): Promise<StoryWithTags> {
  assertContentSize(input.content);
  assertThemesAllowed(user, input.themes);
  const coverImageId = (await resolveCoverInput(db, storage, input.coverImage, user.id, now)) ?? null;
  const description =
    input.description === undefined ? defaultDescription(input.setting) : stripControlChars(input.description);
  const content = sanitizeContent(input.content);
  const { wordCount } = countStoryWords(content);
  const values = {
    title: input.title,
    description,
    content,
    sanitizedWith: SANITIZER_VERSION,
    wordCount,
    // NOTE: an import or a paste from elsewhere counts as the writer's unless it holds text Marin gave them.
    ...(await measuredColumns(db, user.id, content, wordCount)),
    // authorId and published from the payload are ignored: the session decides the author, stories start private.
    authorId: user.id,
    savedBy: user.id,
    published: false,
    template: input.template === undefined ? null : stripControlChars(input.template),
    themes: input.themes ?? [],
    characters: input.characters ?? null,
    setting: input.setting ?? null,
    plotIdeas: input.plotIdeas ?? null,
    moods: input.moods ?? null,
    fandoms: input.fandoms ?? [],
    coverImageId,
    createdAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(stories)
    .values({ ...values, ...derivedStoryColumns(values, []) })
    .returning();
  return { ...row!, tags: [], labels: [] };
}
