// Co-creators with consent (issue 30, section 2): the invitation's request, the list's answer and the messages.
import { z } from "zod";

/** Co-creators a work may have besides its creator (pending invitations count, so the cap cannot be overshot). */
export const CO_CREATORS_MAX = 10;

export const CO_CREATOR_MESSAGES = {
  usernameRequired: "Type the username of the person to invite",
  self: "You can't invite yourself: you already created this work.",
  unknown: "No one has that username.",
  alreadyInvited: (name: string) => `${name} has already been invited to this work.`,
  alreadyCoCreator: (name: string) => `${name} is already a co-creator of this work.`,
  declined: (name: string) =>
    `${name} declined an invitation to this work. Withdraw it first if you want to invite them again.`,
  closed: (name: string) => `${name} doesn't accept co-creator invitations.`,
  cap: `A work can have at most ${CO_CREATORS_MAX} co-creators.`,
  creatorOnly: "Only the creator of this work can invite or remove co-creators.",
  invitationNotFound: "Invitation not found",
  alreadyAnswered: "You already answered this invitation.",
  notCoCreator: "You are not a co-creator of this work.",
  coCreatorNotFound: "That person is not a co-creator of this work.",
} as const;

export const CoCreatorInvite = z.object({
  username: z
    .string({ error: CO_CREATOR_MESSAGES.usernameRequired })
    .trim()
    .min(1, CO_CREATOR_MESSAGES.usernameRequired)
    .max(64, CO_CREATOR_MESSAGES.unknown),
});
export type CoCreatorInvite = z.infer<typeof CoCreatorInvite>;

export const CO_CREATOR_STATES = ["pending", "accepted", "declined"] as const;
export type CoCreatorState = (typeof CO_CREATOR_STATES)[number];

export const CoCreatorView = z.object({
  /** The invitation's id (what accept and decline take). */
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  state: z.enum(CO_CREATOR_STATES),
  /** Who invited them (null once that account is gone). */
  invitedBy: z.object({ username: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
});
export type CoCreatorView = z.infer<typeof CoCreatorView>;

/** GET /api/stories/{id}/co-creators: the creator, then everyone invited (accepted in their named order first). */
export const CoCreatorsAnswer = z.object({
  creator: z.object({ id: z.number().int(), username: z.string() }),
  coCreators: z.array(CoCreatorView),
  /** Whether the viewer is the creator: invites, removes and withdraws. */
  canManage: z.boolean(),
  max: z.number().int(),
});
export type CoCreatorsAnswer = z.infer<typeof CoCreatorsAnswer>;

/** POST /api/stories/{id}/co-creators: the new invitation. */
export const CoCreatorInvited = z.object({ id: z.number().int() });

/** POST /api/co-creator-invitations/{id}/accept and …/decline. */
export const CoCreatorAnswerResult = z.object({
  id: z.number().int(),
  storyId: z.number().int(),
  state: z.enum(CO_CREATOR_STATES),
});
export type CoCreatorAnswerResult = z.infer<typeof CoCreatorAnswerResult>;

/** GET / PUT /api/me/co-creator-invites: whether others may invite the user (Settings). */
export const CoCreatorInvitesSetting = z.object({
  allow: z.boolean({ error: "Say whether to allow co-creator invitations" }),
});
export type CoCreatorInvitesSetting = z.infer<typeof CoCreatorInvitesSetting>;

/** "by alice, bob": the creator, then the accepted co-creators in order. */
export function bylineNames(author: string, coCreators: readonly { username: string }[] = []): string {
  return [author, ...coCreators.map((c) => c.username)].join(", ");
}
