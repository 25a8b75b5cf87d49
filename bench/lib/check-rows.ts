// The seeder writes only what the app itself would accept: a sample of the generated rows goes
// through the shared schemas, so a change to a rule cannot leave the bench data silently invalid.
import { z } from "zod";
import { Description, Email, Password, ProfileUpdate, Username } from "../../src/shared/schemas/accounts";
import { PublishBody, StoryCreate } from "../../src/shared/schemas/story";
import { SANITIZER_VERSION, sanitizeContent } from "../../src/server/content/sanitize-content";
import { countStoryWords } from "../../src/server/content/story-text";
import { chaptersOfContent } from "../../src/server/chapters/sync-chapters";
import type { ArchiveStory, StoryBundle } from "./archive-rows";
import type { StoryRow } from "./fake-rows";

const SAMPLE = 200;

interface UserSample {
  username: string;
  email: string;
  description?: string | null;
}

function check(schema: z.ZodType, value: unknown, what: string): void {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `bench data the app would refuse (${what}): ${z.prettifyError(result.error)}\n${JSON.stringify(value)}`,
    );
  }
}

type CheckedStory = Pick<
  StoryRow,
  | "title"
  | "description"
  | "content"
  | "themes"
  | "characters"
  | "setting"
  | "plotIdeas"
  | "moods"
  | "fandoms"
  | "tagNames"
>;

export function checkSample(password: string, users: UserSample[], stories: CheckedStory[]): void {
  check(Password, password, "password");
  for (const user of users.slice(0, SAMPLE)) {
    check(z.object({ username: Username, email: Email, description: Description }), user, "user");
    check(ProfileUpdate, { username: user.username, description: user.description }, "profile");
  }
  for (const story of stories.slice(0, SAMPLE)) {
    const { title, description, content, themes, characters, setting, plotIdeas, moods, fandoms } = story;
    check(
      StoryCreate,
      { title, description, content, themes, characters, setting, plotIdeas, moods, fandoms },
      "story",
    );
    check(PublishBody, { title, description, tags: story.tagNames }, "publish");
    if (sanitizeContent(content ?? "") !== content)
      throw new Error(`bench story HTML the sanitizer would change: ${content}`);
  }
}

/**
 * The archive seeder's sample (copy-seed.ts): what checkSample checks, plus the tagging fields publish takes, and the
 * derived columns it writes without the app's code on every row: the word count and the chapters, as the app's own
 * functions compute them from the content.
 */
export interface SampledStory {
  story: Pick<
    ArchiveStory,
    | "id"
    | "title"
    | "description"
    | "content"
    | "themes"
    | "characters"
    | "setting"
    | "plotIdeas"
    | "moods"
    | "fandoms"
    | "published"
    | "wordCount"
    | "aiWordCount"
    | "contentRating"
    | "warnings"
    | "status"
  >;
  catalogueTags: string[];
  labels: StoryBundle["labels"];
  chapters: Pick<StoryBundle["chapters"][number], "n" | "title" | "words">[];
}

export function checkArchiveSample(password: string, users: UserSample[], bundles: SampledStory[]): void {
  checkSample(
    password,
    users,
    bundles.map((b) => ({ ...b.story, tagNames: b.catalogueTags })),
  );
  for (const { story, catalogueTags, labels, chapters } of bundles.slice(0, SAMPLE)) {
    check(
      PublishBody,
      {
        title: story.title,
        description: story.description,
        tags: catalogueTags,
        rating: story.contentRating,
        warnings: story.warnings,
        status: story.status,
        ...labels,
      },
      "publish with tagging",
    );
    const words = countStoryWords(story.content);
    if (words.wordCount !== story.wordCount || words.aiWordCount !== story.aiWordCount)
      throw new Error(`bench story ${story.id}: word counts ${JSON.stringify(words)} but wrote ${story.wordCount}`);
    const expected = story.published
      ? chaptersOfContent(story.content, SANITIZER_VERSION).map((c, i) => ({
          n: i + 1,
          title: c.title,
          words: c.words,
        }))
      : [];
    const written = chapters.map(({ n, title, words }) => ({ n, title, words }));
    if (JSON.stringify(expected) !== JSON.stringify(written))
      throw new Error(
        `bench story ${story.id}: chapters ${JSON.stringify(written)}, the app records ${JSON.stringify(expected)}`,
      );
  }
}
