// Issue 33: collections and challenges. A collection gathers works (open or closed, moderated or not, anonymous
// and/or unrevealed until its reveal); it may run a gift exchange (sign-ups, matching, assignments, pinch hits) and a
// prompt meme (prompts, claims, fills). A work's own anonymity and hiddenness are the columns `stories.anonymous` and
// `stories.unrevealed`, kept by the collection commands, so every list and lookup stays one condition on the row.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { stories } from "./stories";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const storyRef = () =>
  integer("story_id")
    .notNull()
    .references(() => stories.id, { onDelete: "cascade" });
const collectionRef = () =>
  integer("collection_id")
    .notNull()
    .references(() => collections.id, { onDelete: "cascade" });

/** A collection: `name` is its URL name (/c/{name}), 3–40 of a–z, 0–9 and _, unique. */
export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    ownerId: userRef("owner_id"),
    /** Writers may add their works (else only maintainers invite them). */
    open: boolean("open").notNull().default(true),
    /** A writer's item waits for a maintainer's approval. */
    moderated: boolean("moderated").notNull().default(false),
    /** Its works show 'Anonymous' as their creator until the reveal. */
    anonymous: boolean("anonymous").notNull().default(false),
    /** Its works are visible only to their creators and the maintainers until the reveal. */
    unrevealed: boolean("unrevealed").notNull().default(false),
    /** When the reveal is due (null: by hand only); `revealedAt` is set once, by whichever instance claims it. */
    revealAt: at("reveal_at"),
    revealedAt: at("revealed_at"),
    /** 'none', 'open' (prompts and claims taken) or 'closed'. */
    promptMeme: text("prompt_meme").notNull().default("none"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("collections_name_key").on(t.name),
    index("collections_owner_idx").on(t.ownerId),
    // The reveal worker's probe: collections with a reveal due and not yet done.
    index("collections_reveal_due_idx")
      .on(t.revealAt)
      .where(sql`${t.revealedAt} is null and ${t.revealAt} is not null`),
    check("collections_name_check", sql`${t.name} ~ '^[a-z0-9_]{3,40}$'`),
    check("collections_prompt_meme_check", sql`${t.promptMeme} in ('none', 'open', 'closed')`),
  ],
);

/** The owner (role 'owner', one per collection) and the maintainers they added. */
export const collectionMaintainers = pgTable(
  "collection_maintainers",
  {
    collectionId: collectionRef(),
    userId: userRef("user_id"),
    role: text("role").notNull().default("maintainer"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.userId] }),
    index("collection_maintainers_user_idx").on(t.userId),
    check("collection_maintainers_role_check", sql`${t.role} in ('owner', 'maintainer')`),
  ],
);

/**
 * A work in a collection. 'approved' is in it; 'pending' waits for a maintainer (moderated collection); 'invited'
 * waits for the author's consent (a maintainer asked); 'rejected' stays so the same request is not made again.
 * A work is in at most 20 collections (checked on add, under the story's row lock).
 */
export const collectionItems = pgTable(
  "collection_items",
  {
    collectionId: collectionRef(),
    storyId: storyRef(),
    state: text("state").notNull(),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    answeredAt: at("answered_at"),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.storyId] }),
    index("collection_items_story_idx").on(t.storyId),
    // The collection page's works and the maintainers' queue.
    index("collection_items_state_idx").on(t.collectionId, t.state, t.storyId),
    check("collection_items_state_check", sql`${t.state} in ('approved', 'pending', 'invited', 'rejected')`),
  ],
);

/** A reader subscribed to a collection: a work newly in it notifies them, once per work. */
export const collectionSubscriptions = pgTable(
  "collection_subscriptions",
  {
    userId: userRef("user_id"),
    collectionId: collectionRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.collectionId] }),
    index("collection_subscriptions_collection_user_idx").on(t.collectionId, t.userId),
  ],
);

/** What a gift exchange counts as a match: at least this many shared fandoms, characters and relationships. */
export interface ExchangeRules {
  minFandomMatch: number;
  minCharacterMatch: number;
  minRelationshipMatch?: number;
  /** How many of each a sign-up offers and requests at least and at most. */
  offers?: { min: number; max: number };
  requests?: { min: number; max: number };
}

/** What a participant offers or requests: tag catalogue keys of each kind. */
export interface ExchangeChoices {
  fandoms: string[];
  characters: string[];
  relationships: string[];
}

/**
 * A collection's gift exchange. `matchingState`: 'none', 'running' (one maintainer's run holds it: a second is told),
 * 'done' (the result is the exchange_assignments rows in state 'proposed'), 'sent' (assignments went out).
 */
export const giftExchanges = pgTable(
  "gift_exchanges",
  {
    collectionId: integer("collection_id")
      .primaryKey()
      .references(() => collections.id, { onDelete: "cascade" }),
    signupOpensAt: at("signup_opens_at").notNull(),
    signupClosesAt: at("signup_closes_at").notNull(),
    dueAt: at("due_at").notNull(),
    rules: jsonb("rules").$type<ExchangeRules>().notNull(),
    matchingState: text("matching_state").notNull().default("none"),
    matchingStartedAt: at("matching_started_at"),
    matchedAt: at("matched_at"),
    sentAt: at("sent_at"),
    /** When the due-date reminders went out (once, two days before `dueAt`). */
    remindedAt: at("reminded_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("gift_exchanges_matching_state_check", sql`${t.matchingState} in ('none', 'running', 'done', 'sent')`),
    check(
      "gift_exchanges_times_check",
      sql`${t.signupOpensAt} < ${t.signupClosesAt} and ${t.signupClosesAt} < ${t.dueAt}`,
    ),
    index("gift_exchanges_remind_idx").on(t.dueAt).where(sql`${t.sentAt} is not null and ${t.remindedAt} is null`),
  ],
);

/** A participant's sign-up: what they offer to write and what they would like to receive. */
export const exchangeSignups = pgTable(
  "exchange_signups",
  {
    id: serial("id").primaryKey(),
    collectionId: collectionRef(),
    userId: userRef("user_id"),
    offers: jsonb("offers").$type<ExchangeChoices>().notNull(),
    requests: jsonb("requests").$type<ExchangeChoices>().notNull(),
    prompt: text("prompt").notNull().default(""),
    /** A volunteer for pinch hits. */
    pinchHitter: boolean("pinch_hitter").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [unique("exchange_signups_collection_user_key").on(t.collectionId, t.userId)],
);

/**
 * Who writes for whom. Matching writes 'proposed' rows (maintainers may change them by hand); sending makes them
 * 'sent'. A giver who defaults makes theirs 'defaulted'; a pinch hit is a new row for the same recipient with
 * `pinchHitFor` naming the defaulted one. `storyId`: the gift they posted. At most one live (proposed or sent)
 * assignment per giver and per recipient.
 */
export const exchangeAssignments = pgTable(
  "exchange_assignments",
  {
    id: serial("id").primaryKey(),
    collectionId: collectionRef(),
    giverId: userRef("giver_id"),
    recipientId: userRef("recipient_id"),
    state: text("state").notNull().default("proposed"),
    /** How many offered tags meet requested ones (matching's second aim). */
    overlap: integer("overlap").notNull().default(0),
    pinchHitFor: integer("pinch_hit_for"),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: at("sent_at"),
    postedAt: at("posted_at"),
    defaultedAt: at("defaulted_at"),
  },
  (t) => [
    uniqueIndex("exchange_assignments_live_giver_key")
      .on(t.collectionId, t.giverId)
      .where(sql`${t.state} in ('proposed', 'sent')`),
    uniqueIndex("exchange_assignments_live_recipient_key")
      .on(t.collectionId, t.recipientId)
      .where(sql`${t.state} in ('proposed', 'sent')`),
    index("exchange_assignments_giver_idx").on(t.giverId),
    check("exchange_assignments_state_check", sql`${t.state} in ('proposed', 'sent', 'defaulted')`),
    check("exchange_assignments_not_self_check", sql`${t.giverId} <> ${t.recipientId}`),
  ],
);

/** A prompt in a collection's prompt meme: text and catalogue tags; `anonymous` hides its poster from others. */
export const collectionPrompts = pgTable(
  "collection_prompts",
  {
    id: serial("id").primaryKey(),
    collectionId: collectionRef(),
    posterId: userRef("poster_id"),
    text: text("text").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    anonymous: boolean("anonymous").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("collection_prompts_collection_idx").on(t.collectionId, t.createdAt.desc(), t.id.desc())],
);

/** A writer's claim of a prompt (several writers may claim one). */
export const promptClaims = pgTable(
  "prompt_claims",
  {
    promptId: integer("prompt_id")
      .notNull()
      .references(() => collectionPrompts.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.userId] }), index("prompt_claims_user_idx").on(t.userId)],
);

/** A work that fills a prompt (posted to the prompt's collection with `fills`). */
export const promptFills = pgTable(
  "prompt_fills",
  {
    promptId: integer("prompt_id")
      .notNull()
      .references(() => collectionPrompts.id, { onDelete: "cascade" }),
    storyId: storyRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.storyId] }), index("prompt_fills_story_idx").on(t.storyId)],
);
