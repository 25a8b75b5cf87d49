// The seeder writes only what the app itself would accept: a sample of the generated rows goes
// through the shared schemas, so a change to a rule cannot leave the bench data silently invalid.
import { z } from "zod";
import { Description, Email, Password, ProfileUpdate, Username } from "../../src/shared/schemas/accounts";
import { PublishBody, StoryCreate } from "../../src/shared/schemas/story";
import { sanitizeContent } from "../../src/server/content/sanitize-content";
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

export function checkSample(password: string, users: UserSample[], stories: StoryRow[]): void {
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
