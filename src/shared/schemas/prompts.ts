// Issue 33 section 3: a collection's prompt meme. Readers post prompts (text and catalogue tags, optionally
// anonymous), writers claim them (several may), and a work posted to the collection with `fills` fills one.
import { z } from "zod";
import { PublishedStoryItem } from "./reading";

export const PROMPT_LIMITS = {
  text: 2_000,
  tags: 10,
  /** Prompts on one page of GET /api/collections/{name}/prompts. */
  page: 20,
} as const;

export const PROMPT_MEME_STATES = ["none", "open", "closed"] as const;
export type PromptMemeState = (typeof PROMPT_MEME_STATES)[number];

export const PROMPT_TEXT_REQUIRED = "Prompt text is required";
export const PROMPT_TEXT_TOO_LONG = `A prompt can be at most ${PROMPT_LIMITS.text.toLocaleString("en-US")} characters`;
export const PROMPT_TOO_MANY_TAGS = `A prompt can have at most ${PROMPT_LIMITS.tags} tags`;
export const promptUnknownTag = (tag: string) => `Unknown tag: ${tag}`;
export const PROMPT_NOT_FOUND = "Prompt not found";
export const PROMPT_MEME_NOT_RUNNING = "This collection does not run a prompt meme";
export const PROMPT_MEME_CLOSED = "This prompt meme is closed: it takes no new prompts or claims";
export const PROMPT_DELETE_FORBIDDEN = "Only the prompt's poster or the collection's maintainers can delete it";
export const PROMPT_HAS_FILLS = "This prompt has fills, so it is kept";
export const FILL_STORY_NOT_FOUND = "Story not found";
export const FILL_STORY_NOT_PUBLISHED = "Publish the story before it fills a prompt";
export const FILL_ALREADY = "This story already fills this prompt";
/** How an anonymous poster or creator is named to everyone but themselves (and, for a poster, the maintainers). */
export const ANONYMOUS_NAME = "Anonymous";

const id = (what: string) =>
  z
    .number({ error: `${what} id must be a number` })
    .int(`${what} id must be a whole number`)
    .positive(`${what} id must be positive`)
    .max(2_147_483_647, `${what} id is too large`);

export const PromptId = id("Prompt");

/** PUT /api/collections/{name}/prompt-meme. */
export const PromptMemeUpdate = z.object({
  state: z.enum(PROMPT_MEME_STATES, { error: "State must be none, open or closed" }),
});
export type PromptMemeUpdate = z.infer<typeof PromptMemeUpdate>;

/** POST /api/collections/{name}/prompts: the tags are checked against the tag catalogue by the server. */
export const PromptCreate = z.object({
  text: z
    .string({ error: PROMPT_TEXT_REQUIRED })
    .trim()
    .min(1, PROMPT_TEXT_REQUIRED)
    .max(PROMPT_LIMITS.text, PROMPT_TEXT_TOO_LONG),
  tags: z
    .array(z.string({ error: "Tags must be text" }).trim().min(1, "A tag cannot be empty").max(100, "Tag too long"), {
      error: "Tags must be a list",
    })
    .max(PROMPT_LIMITS.tags, PROMPT_TOO_MANY_TAGS)
    .default([]),
  anonymous: z.boolean({ error: "Anonymous must be true or false" }).default(false),
});
export type PromptCreate = z.input<typeof PromptCreate>;

/** GET /api/collections/{name}/prompts?tag=…&cursor=…: newest first; `cursor` is the last prompt's id. */
export const PromptListQuery = z.object({
  tag: z.string().trim().max(100).optional(),
  cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type PromptListQuery = z.infer<typeof PromptListQuery>;

/** POST /api/prompts/{id}/fills, for a work already published. */
export const PromptFillCreate = z.object({ storyId: id("Story") });
export type PromptFillCreate = z.infer<typeof PromptFillCreate>;

/** The publish body's field: the prompt the work fills. */
export const FillsField = PromptId.optional();

const iso = z.string().describe("ISO 8601 date and time");
const PromptMemeStateField = z.enum(PROMPT_MEME_STATES);
const meme = { name: z.string(), title: z.string(), promptMeme: PromptMemeStateField };

export const PromptView = z.object({
  id: z.number(),
  collection: z.object(meme),
  text: z.string(),
  tags: z.array(z.string()),
  /** 'Anonymous' for an anonymous prompt, unless the viewer posted it or maintains the collection. */
  poster: z.object({ username: z.string() }),
  anonymous: z.boolean(),
  createdAt: iso,
  claimCount: z.number(),
  /** The viewer claimed it. */
  claimed: z.boolean(),
  /** The viewer may delete it (its poster or a maintainer). */
  canDelete: z.boolean(),
  /** The works filling it that the viewer may read; an anonymous work's creator shows as 'Anonymous'. */
  fills: z.array(PublishedStoryItem),
});
export type PromptView = z.infer<typeof PromptView>;

export const PromptList = z.object({
  collection: z.object({ ...meme, maintainer: z.boolean() }),
  prompts: z.array(PromptView),
  /** The `cursor` of the next page; null on the last. */
  nextCursor: z.number().nullable(),
});
export type PromptList = z.infer<typeof PromptList>;

export const PromptCreated = z.object({ id: z.number() });
export type PromptCreated = z.infer<typeof PromptCreated>;

export const PromptMemeAnswer = z.object({ state: PromptMemeStateField });
export type PromptMemeAnswer = z.infer<typeof PromptMemeAnswer>;

export const ClaimState = z.object({ claimed: z.boolean(), claimCount: z.number() });
export type ClaimState = z.infer<typeof ClaimState>;

export const MyClaim = z.object({
  prompt: z.object({ id: z.number(), text: z.string(), tags: z.array(z.string()) }),
  collection: z.object(meme),
  claimedAt: iso,
  /** The viewer's works filling it. */
  filledBy: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type MyClaim = z.infer<typeof MyClaim>;

export const MyClaimsList = z.object({ claims: z.array(MyClaim) });
export type MyClaimsList = z.infer<typeof MyClaimsList>;

export const FillAnswer = z.object({
  promptId: z.number(),
  storyId: z.number(),
  /** The work's place in the prompt's collection: 'approved' or 'pending' (a moderated collection). */
  item: z.enum(["approved", "pending"]),
});
export type FillAnswer = z.infer<typeof FillAnswer>;
