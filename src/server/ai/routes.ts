// Marin's endpoints (JSON, or Server-Sent Events on request): chat, generation, the pane's status and the context
// preview. Signed-in only. Order: validate, premium options, the story (the owner's only), the prompt, the per-minute
// guard, the charge, then the model.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { STORY_CONTENT_MAX_BYTES } from "../../shared/limits";
import { isChapterGeneration, proseToHtml } from "../../shared/prose";
import {
  ChatAnswer,
  ChatBody,
  ContextPreviewBody,
  type ChatStyle,
  ContextPreview,
  DEFAULT_CHAT_STYLE,
  DEFAULT_RESPONSE_LENGTH,
  GenerateAnswer,
  GenerateBody,
  MarinStatus,
  PREMIUM_OPTION_MESSAGE,
  type ResponseLength,
} from "../../shared/schemas/marin";
import { requireUser, requireUserHook } from "../accounts/guards";
import { requirePremium } from "../billing/premium";
import { AppError } from "../errors";
import { errors, SIGNED_IN } from "../http/api-doc";
import { bodyTooLargeAs, DEFAULT_BODY_LIMIT } from "../http/json-body";
import { sanitizeContent } from "../content/sanitize-content";
import { getOwnStoryOrThrow } from "../stories/story-queries";
import type { StoryWithTags } from "../stories/present";
import { storyBlocks } from "../content/story-text";
import type { UserRow } from "../types";
import { loreForStory } from "../lore/load";
import { loadPlanExcerpt } from "../plans/store";
import { currentChapter } from "./plan-prompt";
import { loadStoryMemory } from "./memory";
import { voiceFor } from "../voice/samples";
import { type BuiltPrompt, buildPrompt, type PromptRequest } from "./prompt";
import { chargeBeforeModel } from "./bookkeeping";
import { discardGeneration, reserveGeneration } from "./generations";
import { addChatVersion, assertRoomForVersion, chatVersionRoutes } from "./chat-versions";
import { promptAllowance } from "./quota";
import { jsonOrStream, PROMPT_LIMIT, respond } from "./respond";
import { keepChatExchange } from "./keep-chat";
import { getThreadIdOrThrow } from "./stored-chat";
import { type FingerprintKind, recordFingerprint } from "../provenance/provenance";
import { named } from "../http/named-plugin";

/**
 * The editor's whole story may ride along (storyContext.currentContent), plus the chat history. JSON escaping can
 * double the story's bytes, so the limit lets twice the largest story and the history through.
 */
export const MARIN_BODY_LIMIT = 2 * STORY_CONTENT_MAX_BYTES + 16 * DEFAULT_BODY_LIMIT;
export const MARIN_BODY_TOO_LARGE = "This story is too long to send to Marin. The limit is 2 MB of text.";

const marinBody = {
  bodyLimit: MARIN_BODY_LIMIT,
  // The signed-in session from the session cache, though these are POSTs (decision 0045).
  config: { sessionFromCache: true },
  errorHandler: bodyTooLargeAs(() => new AppError(413, "CONTENT_TOO_LARGE", MARIN_BODY_TOO_LARGE)),
};

/** The text of a story nobody has written in yet: empty, or the editor's placeholder. */
const STORY_PLACEHOLDER = "Start writing your story here...";
function isEmptyStory(html: string): boolean {
  const text = storyBlocks(html)
    .map((block) => block.text.trim())
    .filter(Boolean)
    .join(" ");
  return text === "" || text === STORY_PLACEHOLDER;
}

type Body = ({ kind: "chat" } & ChatBody) | ({ kind: "generate" } & GenerateBody);

/**
 * FicForge Plus options: a length other than the default, or a chat style other than classic, needs premium.
 */
// NOTE: naming the defaults is allowed to everyone, so the pane may always send what it shows (decision: Marin's
// premium options).
function assertOptionsAllowed(user: UserRow, length: ResponseLength | undefined, chatStyle: ChatStyle | undefined) {
  const premiumLength = length !== undefined && length !== DEFAULT_RESPONSE_LENGTH;
  const premiumStyle = chatStyle !== undefined && chatStyle !== DEFAULT_CHAT_STYLE;
  if (premiumLength || premiumStyle) requirePremium(user, PREMIUM_OPTION_MESSAGE);
}

/**
 * The prompt a request would send: premium options checked, the story read (its owner's only), memory for premium,
 * the lorebook for everyone.
 */
async function promptFor(request: FastifyRequest, body: Body): Promise<BuiltPrompt & { story: StoryWithTags | null }> {
  const user = requireUser(request);
  const chatStyle = body.kind === "chat" ? body.chatStyle : undefined;
  assertOptionsAllowed(user, body.length, chatStyle);
  const story = body.storyId === undefined ? null : await getOwnStoryOrThrow(request.db, body.storyId, user.id);
  const planChapter = body.kind === "generate" ? body.planChapter : undefined;
  const html = body.storyContext.currentContent ?? story?.content ?? "";
  // The board, memory, lorebook and voice are read side by side (each a small indexed read; the pool may run them at once).
  const [plan, memory, lore, voice] = await Promise.all([
    story ? loadPlanExcerpt(request.db, story.id, currentChapter(planChapter, html)) : null,
    story && user.isPremium ? loadStoryMemory(request.db, story.id) : null,
    story ? loreForStory(request.db, story) : [],
    voiceFor(request.db, user.id, story?.id ?? null),
  ]);
  const common: Omit<PromptRequest, "task"> = {
    story,
    lore,
    context: body.storyContext,
    length: body.length,
    premium: user.isPremium,
    memory,
    voice,
    plan,
  };
  if (body.kind === "chat")
    return { story, ...buildPrompt({ ...common, task: "chat", messages: body.messages, chatStyle }) };
  return {
    story,
    ...buildPrompt({
      ...common,
      task: body.action,
      prompt: body.prompt,
      before: body.before,
      selection: body.selection,
      instruction: body.instruction,
      planChapter: body.planChapter,
    }),
  };
}

/** The per-minute guard and the charge (bookkeeping.ts): both counted before the expensive step. */
async function chargeFor(request: FastifyRequest, reply: FastifyReply, body: Body, story: StoryWithTags | null) {
  // The automatic opening scene (isAutoGenerated) on the user's still-empty story is free, once per story; another
  // version of it is charged like any prompt.
  const opening =
    body.kind === "generate" && body.isAutoGenerated && body.action === "write" && !body.alternativeOf && story
      ? { storyId: story.id, storyIsEmpty: isEmptyStory(story.content) }
      : null;
  return chargeBeforeModel(request, reply, opening);
}

/** What a kept generation remembers of its request: its own fields, never the story's text (decision 0097). */
const askedFields = (body: GenerateBody) => ({
  prompt: body.prompt,
  ...(body.instruction === undefined ? {} : { instruction: body.instruction }),
  ...(body.length === undefined ? {} : { length: body.length }),
  ...(body.isAutoGenerated ? { isAutoGenerated: true } : {}),
});

/**
 * Keeps the fingerprint of what reached the writer, for the story's AI share (provenance/provenance.ts). `respond` awaits
 * it before the answer's last bytes (the JSON body, the stream's `done`), so the save the client sends on receiving
 * the text already finds it. Never throws: a lost fingerprint must not fail a delivered answer.
 */
function rememberDelivery(request: FastifyRequest, storyId: number | undefined, kind: FingerprintKind) {
  return async (text: string) => {
    if (storyId === undefined || !request.user) return;
    await recordFingerprint(request.db, { userId: request.user.id, storyId, kind, text }).catch((error: unknown) =>
      request.log.error({ err: error }, "Keeping the fingerprint of Marin's text failed"),
    );
  };
}

const kindOf = (body: GenerateBody): FingerprintKind =>
  body.isAutoGenerated && body.action === "write" ? "opening" : body.action === "write" ? "generate" : body.action;

export async function marinRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);
  const { deps } = root;
  await app.register(named(chatVersionRoutes));

  app.get(
    "/api/marin",
    {
      schema: {
        summary: "Marin's status: the model and your prompts left today",
        security: SIGNED_IN,
        response: { 200: MarinStatus },
      },
    },
    async (request): Promise<MarinStatus> => {
      const user: UserRow = requireUser(request);
      return { ...promptAllowance(user, deps.now()), model: deps.ai.label, offline: deps.ai.offline };
    },
  );

  app.post(
    "/api/marin/context",
    {
      ...marinBody,
      schema: {
        summary: "Preview what Marin would be sent, without sending it",
        security: SIGNED_IN,
        body: ContextPreviewBody,
        response: { 200: ContextPreview, ...errors(404) },
      },
    },
    async (request) => (await promptFor(request, request.body)).preview,
  );

  app.post(
    "/api/chat-with-marin",
    {
      ...marinBody,
      schema: {
        summary: "Chat with Marin",
        security: SIGNED_IN,
        "x-rate-limit": PROMPT_LIMIT,
        body: ChatBody,
        response: { 200: jsonOrStream(ChatAnswer), ...errors(404, 409, 502) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { storyId, threadId } = body;
      // NOTE: before the charge, so an exchange meant for a deleted thread costs nothing (a clear 404).
      if (storyId !== undefined && threadId !== undefined) await getThreadIdOrThrow(request.db, storyId, threadId);
      const prompt = await promptFor(request, { kind: "chat", ...body });
      // 'Another version' of a kept answer (chat-versions.ts): checked before the charge, kept on that message.
      const { versionOf } = body;
      if (versionOf !== undefined) {
        if (!prompt.story) throw new AppError(400, "STORY_REQUIRED", "Another version of an answer needs its story.");
        await assertRoomForVersion(request.db, prompt.story.id, versionOf);
      }
      const charge = await chargeFor(request, reply, { kind: "chat", ...body }, prompt.story);
      const story = prompt.story;
      const kept =
        story && versionOf === undefined ? await keepChatExchange(request, story.id, body.messages, threadId) : null;
      const remember = rememberDelivery(request, story?.id, "chat");
      const keepVersion = async (text: string) => {
        if (story && versionOf !== undefined)
          await addChatVersion(request.db, story.id, versionOf, text).catch((error: unknown) =>
            request.log.error({ err: error }, "Keeping another version of Marin's answer failed"),
          );
      };
      return respond(request, reply, {
        prompt,
        charge,
        seed: body.seed,
        settled: async (text) => {
          await Promise.all([kept?.reply(text), keepVersion(text), remember(text)]);
        },
        finish: (text): ChatAnswer => ({ response: text.trim(), ...charge.allowance, model: deps.ai.label }),
      });
    },
  );

  app.post(
    "/api/generate-content",
    {
      ...marinBody,
      schema: {
        summary: "Have Marin write, continue or rewrite story text",
        security: SIGNED_IN,
        "x-rate-limit": PROMPT_LIMIT,
        body: GenerateBody,
        response: { 200: jsonOrStream(GenerateAnswer), ...errors(404, 409, 502) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const prompt = await promptFor(request, { kind: "generate", ...body });
      // Kept before the charge, so another version's 404 or full group costs nothing (generations.ts).
      const generationId = await reserveGeneration(request.db, {
        userId: requireUser(request).id,
        storyId: prompt.story?.id ?? null,
        action: body.action,
        request: askedFields(body),
        alternativeOf: body.alternativeOf,
      });
      try {
        const charge = await chargeFor(request, reply, { kind: "generate", ...body }, prompt.story);
        return await respond(request, reply, {
          prompt,
          charge,
          seed: body.seed,
          settled: rememberDelivery(request, prompt.story?.id, kindOf(body)),
          finish: (raw): GenerateAnswer => {
            const text = raw.trim();
            return {
              content: sanitizeContent(proseToHtml(text)),
              text,
              // NOTE: 'Write chapter N from its beats' is a new chapter only when Marin wrote its heading.
              chapter: body.action === "write" && isChapterGeneration(body.planChapter ? "" : body.prompt, text),
              ...charge.allowance,
              model: deps.ai.label,
              generatedAt: deps.now().toISOString(),
              generationId,
            };
          },
        });
      } catch (error) {
        await discardGeneration(request.db, generationId).catch(() => {});
        throw error;
      }
    },
  );
}
