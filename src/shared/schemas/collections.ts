// Issue 33 section 1: collections (a fest's or a fandom's gathering of works), their API's bodies and answers.
import { z } from "zod";
import type { PublishedStoryItem } from "./reading";

export const COLLECTION_LIMITS = {
  title: 200,
  description: 5_000,
  /** A work is in at most this many collections (its items not rejected). */
  collectionsPerWork: 20,
  /** The public page lists this many works a page. */
  pageWorks: 20,
  /** The publish dialog adds the work to at most this many collections at once. */
  publishNames: 5,
} as const;

export const COLLECTION_NAME_RULE = "Name must be 3–40 characters: lower-case letters a–z, digits and _";
export const COLLECTION_NAME_TAKEN = "That collection name is taken";
export const COLLECTION_TITLE_REQUIRED = "Collection title is required";
export const COLLECTION_TITLE_TOO_LONG = `Collection title must be at most ${COLLECTION_LIMITS.title} characters`;
export const COLLECTION_DESCRIPTION_TOO_LONG = `Description must be at most ${COLLECTION_LIMITS.description.toLocaleString("en-US")} characters`;
export const COLLECTION_CLOSED = "This collection is closed: only its maintainers can invite works";
export const COLLECTION_STORY_NOT_FOUND = "Story not found";
export const COLLECTION_ITEM_DECLINED = "A maintainer declined this work for the collection";
export const COLLECTION_STORY_ALREADY_IN = "This work is already in the collection (or waiting there)";
export const COLLECTION_STORY_NOT_IN = "This work is not in the collection";
export const COLLECTION_WORK_LIMIT = `A work can be in at most ${COLLECTION_LIMITS.collectionsPerWork} collections`;
export const COLLECTION_NOT_PENDING = "This work is not waiting for approval";
export const COLLECTION_NOT_INVITED = "This work has no invitation waiting";
export const COLLECTION_REVEALED = "This collection has been revealed: it cannot become anonymous or unrevealed again";
export const COLLECTION_USER_NOT_FOUND = "User not found";
export const COLLECTION_ALREADY_MAINTAINER = "This user already maintains the collection";
export const COLLECTION_OWNER_STAYS = "The owner cannot be removed";
export const COLLECTION_NOT_MAINTAINER = "This user does not maintain the collection";
export const COLLECTION_REVEAL_AT_PAST = "Reveal time must be in the future";

export const CollectionName = z
  .string({ error: COLLECTION_NAME_RULE })
  .regex(/^[a-z0-9_]{3,40}$/, COLLECTION_NAME_RULE);

const title = z
  .string({ error: COLLECTION_TITLE_REQUIRED })
  .trim()
  .min(1, COLLECTION_TITLE_REQUIRED)
  .max(COLLECTION_LIMITS.title, COLLECTION_TITLE_TOO_LONG);
const description = z
  .string({ error: "Description must be text" })
  .trim()
  .max(COLLECTION_LIMITS.description, COLLECTION_DESCRIPTION_TOO_LONG);
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const revealAt = z.iso
  .datetime({ offset: true, error: "Reveal time must be a date and time (ISO 8601)" })
  .nullable()
  .optional();

/** POST /api/collections. */
export const CollectionCreate = z.object({
  name: CollectionName,
  title,
  description: description.default(""),
  open: flag("Open").default(true),
  moderated: flag("Moderated").default(false),
  anonymous: flag("Anonymous").default(false),
  unrevealed: flag("Unrevealed").default(false),
  revealAt,
});
export type CollectionCreate = z.infer<typeof CollectionCreate>;

/** PATCH /api/collections/{name}: any of the settings. */
export const CollectionUpdate = z
  .object({
    title: title.optional(),
    description: description.optional(),
    open: flag("Open").optional(),
    moderated: flag("Moderated").optional(),
    anonymous: flag("Anonymous").optional(),
    unrevealed: flag("Unrevealed").optional(),
    revealAt,
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), "Nothing to change");
export type CollectionUpdate = z.infer<typeof CollectionUpdate>;

const storyId = z
  .number({ error: "Story id must be a number" })
  .int("Story id must be a whole number")
  .positive("Story id must be positive")
  .max(2_147_483_647, "Story id is too large");

/** POST /api/collections/{name}/items. */
export const CollectionItemAdd = z.object({ storyId });
export type CollectionItemAdd = z.infer<typeof CollectionItemAdd>;

/** POST /api/collections/{name}/maintainers. */
export const CollectionMaintainerAdd = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100),
});

/** GET /api/collections/{name}/items?state=. */
export const CollectionQueueQuery = z.object({
  state: z.enum(["pending", "invited"], { error: "state must be pending or invited" }).default("pending"),
});

export const CollectionItemState = z.enum(["approved", "pending", "invited", "rejected"]);
export type CollectionItemState = z.infer<typeof CollectionItemState>;
export const CollectionRole = z.enum(["owner", "maintainer"]);
export type CollectionRole = z.infer<typeof CollectionRole>;

const iso = z.string().describe("ISO 8601 date and time");

/** GET /api/collections/{name}, and the answer of every settings and maintainers change. */
export const CollectionView = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    open: z.boolean(),
    moderated: z.boolean(),
    anonymous: z.boolean(),
    unrevealed: z.boolean(),
    revealAt: iso.nullable(),
    revealedAt: iso.nullable(),
    path: z.string(),
    createdAt: iso,
    maintainers: z.array(z.object({ username: z.string(), role: CollectionRole })),
    /** `pending` and `invited` are 0 unless the viewer maintains the collection. */
    counts: z.object({ works: z.number(), pending: z.number(), invited: z.number(), subscribers: z.number() }),
    /** The viewer's role (null: a reader or a visitor). */
    role: CollectionRole.nullable(),
    subscribed: z.boolean(),
  })
  .meta({ id: "CollectionView" });
export type CollectionView = z.infer<typeof CollectionView>;

/** GET /api/me/collections: what the user owns or maintains, and their works' invitations waiting. */
export const MyCollectionsList = z.object({
  collections: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      role: CollectionRole,
      path: z.string(),
      works: z.number(),
      pending: z.number(),
    }),
  ),
  invitations: z.array(
    z.object({
      collection: z.object({ name: z.string(), title: z.string() }),
      story: z.object({ id: z.number(), title: z.string() }),
      invitedAt: iso,
    }),
  ),
});
export type MyCollectionsList = z.infer<typeof MyCollectionsList>;

/** An item's answer: its state now (POST …/items and the state changes). */
export const CollectionItemAnswer = z
  .object({ storyId: z.number(), state: z.enum([...CollectionItemState.options, "removed"]) })
  .meta({ id: "CollectionItemAnswer" });
export type CollectionItemAnswer = z.infer<typeof CollectionItemAnswer>;

/** GET /api/collections/{name}/items: the maintainers' queue. */
export const CollectionQueue = z.object({
  items: z.array(
    z.object({
      story: z.object({ id: z.number(), title: z.string(), published: z.boolean() }),
      author: z.object({ username: z.string() }),
      state: z.enum(["pending", "invited"]),
      addedAt: iso,
    }),
  ),
});
export type CollectionQueue = z.infer<typeof CollectionQueue>;

export const CollectionSubscriptionState = z.object({ subscribed: z.boolean() });
export type CollectionSubscriptionState = z.infer<typeof CollectionSubscriptionState>;

/** A card on the public page: Discover's, with the creator named 'Anonymous' for an anonymous work. */
export type CollectionCard = PublishedStoryItem & { anonymous: boolean };
