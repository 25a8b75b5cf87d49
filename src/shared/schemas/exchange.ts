// Issue 33 section 2: a collection's gift exchange — its settings and rules, sign-ups (what a participant offers and
// requests: catalogue fandoms, character and relationship tags, a prompt), matching, assignments and pinch hits.
// The bodies of its API, the messages its bad input answers and the views it returns.
import { z } from "zod";

export const EXCHANGE_LIMITS = {
  /** Tags of one kind one side of a sign-up names at most (the rules may ask for fewer). */
  perKind: 20,
  prompt: 5_000,
} as const;

export const EXCHANGE_NOT_FOUND = "This collection runs no gift exchange";
export const EXCHANGE_TIMES_ORDER = "Sign-ups must open before they close, and close before gifts are due";
export const EXCHANGE_REVEAL_BEFORE_DUE = "The reveal cannot come before gifts are due";
export const EXCHANGE_COUNTS_ORDER = "A minimum cannot be more than its maximum";
export const SIGNUPS_NOT_OPEN = "Sign-ups for this exchange are not open yet";
export const SIGNUPS_CLOSED = "Sign-ups for this exchange are closed";
export const SIGNUP_EXISTS = "You have already signed up for this exchange; edit your sign-up instead";
export const SIGNUP_NOT_FOUND = "You have not signed up for this exchange";
export const MATCHING_BEFORE_CLOSE = "Matching can run once sign-ups have closed";
export const MATCHING_RUNNING = "Matching is already running for this exchange; try again when it has finished";
export const MATCHING_SENT = "Assignments have already been sent";
export const MATCHING_NOT_DONE = "Run matching first";
export const MATCHING_TOO_FEW = "Matching needs at least two sign-ups";
export const EXCHANGE_SENT_LOCK =
  "The sign-up dates and matching rules cannot change after assignments were sent; the due date and reveal still can";
export const PAIR_NOT_SIGNED_UP = (username: string) => `${username} has not signed up for this exchange`;
export const PAIR_SELF = "A participant cannot write for themselves";
export const PAIR_RECIPIENT_TAKEN = (recipient: string, giver: string) =>
  `${recipient} already receives a gift from ${giver}; change that pair first`;
export const ASSIGNMENT_NOT_FOUND = "Assignment not found";
export const ASSIGNMENT_NOT_SENT = "This assignment is no longer open";
export const ASSIGNMENT_STORY_NOT_YOURS = "You can only post your own work as your gift";
export const ASSIGNMENT_STORY_NOT_PUBLISHED = "Publish the work before posting it as your gift";
export const PINCH_HITTER_UNKNOWN = (username: string) => `No user named ${username}`;
export const PINCH_HITTER_BUSY = (username: string) => `${username} already has an open assignment in this exchange`;
export const PINCH_HITTER_IS_RECIPIENT = "The pinch hitter cannot be the recipient";
export const unknownTags = (kind: string, names: readonly string[]) =>
  `Unknown ${kind}: ${names.join(", ")}. Choose them from the tag catalogue`;
export const countOutOfRange = (side: string, kind: string, min: number, max: number) =>
  min === max ? `${side}: choose exactly ${min} ${kind}` : `${side}: choose between ${min} and ${max} ${kind}`;

const count = z
  .number({ error: "Counts must be numbers" })
  .int("Counts must be whole numbers")
  .min(0, "Counts cannot be negative")
  .max(EXCHANGE_LIMITS.perKind, `Counts can be at most ${EXCHANGE_LIMITS.perKind}`);
const range = z.object({ min: count, max: count }).refine((r) => r.min <= r.max, EXCHANGE_COUNTS_ORDER);
const instant = (label: string) => z.coerce.date({ error: `${label} must be a date and time` });

export const DEFAULT_COUNTS = { min: 1, max: 5 } as const;

export const ExchangeRulesBody = z.object({
  minFandomMatch: count.default(1),
  minCharacterMatch: count.default(0),
  minRelationshipMatch: count.default(0),
  offers: range.default(DEFAULT_COUNTS),
  requests: range.default(DEFAULT_COUNTS),
});
export type ExchangeRulesBody = z.infer<typeof ExchangeRulesBody>;

/** PUT /api/collections/{name}/exchange. */
export const ExchangeSettings = z
  .object({
    signupOpensAt: instant("Sign-up opening"),
    signupClosesAt: instant("Sign-up closing"),
    dueAt: instant("The due date"),
    revealAt: instant("The reveal").nullable().optional(),
    rules: ExchangeRulesBody.default(ExchangeRulesBody.parse({})),
  })
  .refine((s) => s.signupOpensAt < s.signupClosesAt && s.signupClosesAt < s.dueAt, {
    message: EXCHANGE_TIMES_ORDER,
    path: ["signupClosesAt"],
  })
  .refine((s) => !s.revealAt || s.revealAt >= s.dueAt, { message: EXCHANGE_REVEAL_BEFORE_DUE, path: ["revealAt"] });
export type ExchangeSettings = z.infer<typeof ExchangeSettings>;

const tagList = z
  .array(z.string({ error: "Tags must be text" }).trim().min(1, "Tags cannot be empty").max(100), {
    error: "Must be a list of tags",
  })
  .max(EXCHANGE_LIMITS.perKind, `At most ${EXCHANGE_LIMITS.perKind} of each`)
  .default([]);
export const ExchangeChoicesBody = z.object({ fandoms: tagList, characters: tagList, relationships: tagList });
export type ExchangeChoicesBody = z.infer<typeof ExchangeChoicesBody>;

/** POST and PUT /api/collections/{name}/signups. */
export const SignupBody = z.object({
  offers: ExchangeChoicesBody,
  requests: ExchangeChoicesBody,
  prompt: z
    .string({ error: "The prompt must be text" })
    .trim()
    .max(
      EXCHANGE_LIMITS.prompt,
      `The prompt must be at most ${EXCHANGE_LIMITS.prompt.toLocaleString("en-US")} characters`,
    )
    .default(""),
  pinchHitter: z.boolean({ error: "Pinch hitter must be true or false" }).default(false),
});
export type SignupBody = z.infer<typeof SignupBody>;

const username = z.string({ error: "A username is required" }).trim().min(1, "A username is required").max(100);
/** PUT /api/collections/{name}/matching/{giverUsername}. */
export const PairChange = z.object({ recipient: username });
/** POST /api/collections/{name}/assignments/{id}/pinch-hit. */
export const PinchHitBody = z.object({ username });
/** POST /api/me/assignments/{id}/fulfil. */
export const FulfilBody = z.object({
  storyId: z.number({ error: "Story id must be a number" }).int().positive().max(2_147_483_647),
});

const iso = z.string().describe("ISO 8601 date and time");
const minMax = z.object({ min: z.number(), max: z.number() });

export const ExchangeRulesView = z.object({
  minFandomMatch: z.number(),
  minCharacterMatch: z.number(),
  minRelationshipMatch: z.number(),
  offers: minMax,
  requests: minMax,
});
export type ExchangeRulesView = z.infer<typeof ExchangeRulesView>;

const MatchingState = z.enum(["none", "running", "done", "sent"]);

/** GET /api/collections/{name}/exchange. `signups` only for maintainers. */
export const ExchangeView = z.object({
  collection: z.object({ name: z.string(), title: z.string() }),
  signupOpensAt: iso,
  signupClosesAt: iso,
  dueAt: iso,
  revealAt: iso.nullable(),
  rules: ExchangeRulesView,
  /** 'upcoming', 'open' or 'closed' (sign-ups, now). */
  signupState: z.enum(["upcoming", "open", "closed"]),
  matchingState: MatchingState,
  maintainer: z.boolean(),
  signedUp: z.boolean(),
  /** How many signed up; null unless the viewer maintains the collection. */
  signups: z.number().nullable(),
});
export type ExchangeView = z.infer<typeof ExchangeView>;

export const Choices = z.object({
  fandoms: z.array(z.string()),
  characters: z.array(z.string()),
  relationships: z.array(z.string()),
});
export type Choices = z.infer<typeof Choices>;

export const SignupView = z
  .object({
    username: z.string(),
    offers: Choices,
    requests: Choices,
    prompt: z.string(),
    pinchHitter: z.boolean(),
    updatedAt: iso,
  })
  .meta({ id: "ExchangeSignupView" });
export type SignupView = z.infer<typeof SignupView>;

export const MatchPairView = z.object({
  id: z.number(),
  giver: z.string(),
  recipient: z.string(),
  overlap: z.number(),
  state: z.enum(["proposed", "sent", "defaulted"]),
  pinchHitFor: z.number().nullable(),
  posted: z.boolean(),
});
export type MatchPairView = z.infer<typeof MatchPairView>;

/** GET /api/collections/{name}/matching. */
export const MatchingView = z
  .object({
    matchingState: MatchingState,
    pairs: z.array(MatchPairView),
    /** Signed up but giving no gift, or getting none. */
    unmatched: z.array(z.object({ username: z.string(), gives: z.boolean(), gets: z.boolean() })),
    overlapTotal: z.number(),
  })
  .meta({ id: "ExchangeMatchingView" });
export type MatchingView = z.infer<typeof MatchingView>;

/** GET /api/me/assignments. */
export const MyAssignmentView = z.object({
  id: z.number(),
  collection: z.object({ name: z.string(), title: z.string() }),
  recipient: z.string(),
  requests: Choices,
  prompt: z.string(),
  dueAt: iso,
  state: z.enum(["sent", "defaulted"]),
  pinchHit: z.boolean(),
  story: z.object({ id: z.number(), title: z.string() }).nullable(),
});
export type MyAssignmentView = z.infer<typeof MyAssignmentView>;

/** POST /api/collections/{name}/assignments/send. */
export const AssignmentsSent = z.object({ sent: z.number() });
/** POST /api/collections/{name}/assignments/{id}/pinch-hit: the new assignment. */
export const PinchHitCreated = z.object({ id: z.number() });
/** POST /api/me/assignments/{id}/fulfil: the gift posted to the exchange's collection. */
export const GiftPosted = z.object({
  storyId: z.number(),
  /** The collection's name. */
  collection: z.string(),
  /** The work stays hidden from readers until the collection's reveal. */
  unrevealed: z.boolean(),
});
export const ASSIGNMENT_ALREADY_POSTED = "You have already posted your gift for this assignment";
export const ASSIGNMENT_HAS_PINCH_HITTER = "This recipient already has a pinch hitter";
