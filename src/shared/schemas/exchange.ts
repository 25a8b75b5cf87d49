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
export const EXCHANGE_SENT_LOCK = "The exchange's dates and rules cannot change after assignments were sent";
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

export interface ExchangeRulesView {
  minFandomMatch: number;
  minCharacterMatch: number;
  minRelationshipMatch: number;
  offers: { min: number; max: number };
  requests: { min: number; max: number };
}

/** GET /api/collections/{name}/exchange. `signups` only for maintainers. */
export interface ExchangeView {
  collection: { name: string; title: string };
  signupOpensAt: string;
  signupClosesAt: string;
  dueAt: string;
  revealAt: string | null;
  rules: ExchangeRulesView;
  /** 'upcoming', 'open' or 'closed' (sign-ups, now). */
  signupState: "upcoming" | "open" | "closed";
  matchingState: "none" | "running" | "done" | "sent";
  maintainer: boolean;
  signedUp: boolean;
  signups: number | null;
}

export interface Choices {
  fandoms: string[];
  characters: string[];
  relationships: string[];
}

export interface SignupView {
  username: string;
  offers: Choices;
  requests: Choices;
  prompt: string;
  pinchHitter: boolean;
  updatedAt: string;
}

export interface MatchPairView {
  id: number;
  giver: string;
  recipient: string;
  overlap: number;
  state: "proposed" | "sent" | "defaulted";
  pinchHitFor: number | null;
  posted: boolean;
}

/** GET /api/collections/{name}/matching. */
export interface MatchingView {
  matchingState: ExchangeView["matchingState"];
  pairs: MatchPairView[];
  /** Signed up but giving no gift, or getting none. */
  unmatched: { username: string; gives: boolean; gets: boolean }[];
  overlapTotal: number;
}

/** GET /api/me/assignments. */
export interface MyAssignmentView {
  id: number;
  collection: { name: string; title: string };
  recipient: string;
  requests: Choices;
  prompt: string;
  dueAt: string;
  state: "sent" | "defaulted";
  pinchHit: boolean;
  story: { id: number; title: string } | null;
}
export const ASSIGNMENT_ALREADY_POSTED = "You have already posted your gift for this assignment";
export const ASSIGNMENT_HAS_PINCH_HITTER = "This recipient already has a pinch hitter";
