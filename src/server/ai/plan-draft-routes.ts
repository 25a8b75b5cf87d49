// POST /api/stories/{id}/plan/draft (issue 32, section 3): Marin drafts one level of the planning board from the saved
// level above it: a synopsis from the braindump, N chapters from the synopsis, beats for one chapter on the outline.
// Each draft, and each 'Another version', is one charged prompt (bookkeeping.ts), answered as JSON or as events.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PLAN_MESSAGES, PlanDraft, PlanDraftBody, planDraftAsk, type StoryPlan } from "../../shared/schemas/plan";
import { requireUser, requireUserHook } from "../accounts/guards";
import { AppError } from "../errors";
import { errors, SIGNED_IN } from "../http/api-doc";
import { loreForStory } from "../lore/load";
import { loadPlan } from "../plans/store";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { chargeBeforeModel } from "./bookkeeping";
import { loadStoryMemory } from "./memory";
import { parsePlanDraft } from "./plan-draft-parse";
import { excerptOf, planDraftTask } from "./plan-prompt";
import { buildPrompt } from "./prompt";
import { jsonOrStream, PROMPT_LIMIT, respond } from "./respond";

const StoryParams = z.object({ id: z.string() });

/** The level above must be there: a clear 400 before anything is charged. */
function assertDraftable(plan: StoryPlan, body: PlanDraftBody): void {
  const refuse = (message: string) => {
    throw new AppError(400, "PLAN_LEVEL_MISSING", message);
  };
  if (body.level === "synopsis" && plan.braindump.trim() === "") refuse(PLAN_MESSAGES.needBraindump);
  if (body.level === "outline" && plan.synopsis.trim() === "" && plan.braindump.trim() === "")
    refuse(PLAN_MESSAGES.needSynopsis);
  if (body.level === "beats") {
    const chapter = body.chapter ?? 1;
    if (chapter > plan.chapters.length) refuse(PLAN_MESSAGES.chapterNotOnOutline(chapter, plan.chapters.length));
  }
}

export async function planDraftRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);
  const { deps } = root;

  app.post(
    "/api/stories/:id/plan/draft",
    {
      config: { sessionFromCache: true },
      schema: {
        summary: "Have Marin draft one level of a story's planning board",
        security: SIGNED_IN,
        "x-rate-limit": PROMPT_LIMIT,
        params: StoryParams,
        body: PlanDraftBody,
        response: { 200: jsonOrStream(PlanDraft), ...errors(502) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      const plan = await loadPlan(request.db, story.id);
      assertDraftable(plan, body);
      const task = planDraftTask(plan, body.level, body);
      const memory = user.isPremium ? await loadStoryMemory(request.db, story.id) : null;
      const prompt = buildPrompt({
        task: "chat",
        story,
        lore: await loreForStory(request.db, story),
        context: {},
        messages: [{ role: "user", content: planDraftAsk(body) }],
        premium: user.isPremium,
        memory,
        plan: excerptOf(plan, task.chapter ?? 1),
        planDraft: task,
      });
      const charge = await chargeBeforeModel(request, reply, null);
      return respond(request, reply, {
        prompt,
        charge,
        seed: body.seed,
        finish: (raw): PlanDraft => ({
          level: body.level,
          chapter: task.chapter,
          ...parsePlanDraft(body.level, raw, task.count),
          ...charge.allowance,
          model: deps.ai.label,
        }),
      });
    },
  );
}
