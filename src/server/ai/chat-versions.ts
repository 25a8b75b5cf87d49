// Versions of Marin's chat answers (issue 32, decision 0097): 'Another version' on any kept answer asks again with the
// history before it, and the reply is kept on that message (`versions`, oldest first, once there are two; `chosen`,
// with `content` always `versions[chosen]`). Stepping between them is PATCH …/chat/messages/{id} `{ chosen }`, so a
// second browser shows the same choice. Another story's or user's message answers 404.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MARIN_LIMITS } from "../../shared/schemas/marin";
import { ChosenVersion, ChosenVersionAnswer, StoredMessageId } from "../../shared/schemas/marin-chat";
import { requireUser } from "../accounts/guards";
import type { Db } from "../db/client";
import { marinChatMessages } from "../db/schema";
import { AppError, notFound } from "../errors";
import { SIGNED_IN } from "../http/api-doc";
import { getOwnStoryOrThrow } from "../stories/story-queries";
import { presentChatMessage } from "./stored-chat";

export const ANSWER_NOT_FOUND = "That answer of Marin's was not found. It may have been cleared.";
export const ANSWER_VERSIONS_FULL = `An answer has at most ${MARIN_LIMITS.versions} versions.`;
export const NO_SUCH_VERSION = "That answer has no such version.";

const rowId = (messageId: string) => Number(messageId.slice(1));

/** Marin's kept answer (not a note) in the story, locked for update when in a transaction; 404 otherwise. */
async function answerOf(db: Db, storyId: number, messageId: string, lock = false) {
  const query = db
    .select()
    .from(marinChatMessages)
    .where(
      and(
        eq(marinChatMessages.id, rowId(messageId)),
        eq(marinChatMessages.storyId, storyId),
        eq(marinChatMessages.role, "assistant"),
        eq(marinChatMessages.note, false),
      ),
    );
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound(ANSWER_NOT_FOUND);
  return row;
}

const versionsOf = (row: { versions: string[]; content: string }) =>
  row.versions.length > 0 ? row.versions : [row.content];

/** Before the charge: the answer is the story's and has room for one more version. */
export async function assertRoomForVersion(db: Db, storyId: number, messageId: string): Promise<void> {
  const row = await answerOf(db, storyId, messageId);
  if (versionsOf(row).length >= MARIN_LIMITS.versions)
    throw new AppError(409, "TOO_MANY_VERSIONS", ANSWER_VERSIONS_FULL);
}

/** Keeps a new version of the answer and shows it; null when the answer was cleared meanwhile or is full. */
export async function addChatVersion(db: Db, storyId: number, messageId: string, text: string) {
  const reply = text.trim();
  if (reply === "") return null;
  return db.transaction(async (tx) => {
    const row = await answerOf(tx, storyId, messageId, true).catch(() => null);
    if (!row) return null;
    const versions = [...versionsOf(row), reply];
    if (versions.length > MARIN_LIMITS.versions) return null;
    const [updated] = await tx
      .update(marinChatMessages)
      .set({ versions, chosen: versions.length - 1, content: reply })
      .where(eq(marinChatMessages.id, row.id))
      .returning();
    return presentChatMessage(updated!);
  });
}

export async function chatVersionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.patch(
    "/api/stories/:id/chat/messages/:messageId",
    {
      schema: {
        summary: "Choose which version of Marin's answer the chat shows",
        security: SIGNED_IN,
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1),
          messageId: StoredMessageId,
        }),
        body: ChosenVersion,
        response: { 200: ChosenVersionAnswer },
      },
    },
    async (request): Promise<ChosenVersionAnswer> => {
      const user = requireUser(request);
      const { id, messageId } = request.params;
      const story = await getOwnStoryOrThrow(request.db, id, user.id);
      return request.db.transaction(async (tx) => {
        const row = await answerOf(tx, story.id, messageId, true);
        const versions = versionsOf(row);
        const { chosen } = request.body;
        if (chosen >= versions.length) throw new AppError(400, "NO_SUCH_VERSION", NO_SUCH_VERSION);
        const [updated] = await tx
          .update(marinChatMessages)
          .set({ chosen, content: versions[chosen]! })
          .where(eq(marinChatMessages.id, row.id))
          .returning();
        return { message: presentChatMessage(updated!) };
      });
    },
  );
}
