// Runs a charged generation and answers it: the spec's JSON, or Server-Sent Events when the request accepts
// text/event-stream (src/shared/schemas/marin.ts, MarinStreamEvent). A failure before the first piece of text is an
// ordinary JSON error; after it, an `error` event. Failures, refusals and empty answers are refunded; a client that
// goes away is refunded only if no text had reached it yet (decision 0015: otherwise partial reads would be free).
import { PassThrough } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { chargeAhead } from "./bookkeeping";
import type { BuiltPrompt } from "./prompt";
import { FREE_PROMPTS_PER_DAY } from "../../shared/limits";
import { file } from "../http/api-doc";
import type { z } from "zod";
import { AI_REQUESTS_PER_MINUTE, type Charge, refundPrompt } from "./quota";
import { MarinFailure, runModel } from "./run-model";

export interface Generation<Answer> {
  prompt: BuiltPrompt;
  charge: Charge;
  seed?: number;
  /** The answer for the whole text (the JSON body, and the stream's `done` event). */
  finish(text: string): Answer;
  /**
   * Told once, at the end, of the text the writer got: the whole of it, or (a stream stopped or failed part-way)
   * what had reached them. Not told when nothing had. Must not throw (it runs while the answer is sent).
   */
  settled?(text: string, complete: boolean): Promise<void>;
}

const SSE_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-store",
  // NOTE: tells nginx-style proxies not to hold the stream back.
  "x-accel-buffering": "no",
};

/** What each prompt costs against the limits (bookkeeping.ts, quota.ts). */
export const PROMPT_LIMIT = `${AI_REQUESTS_PER_MINUTE} per minute per user; free accounts ${FREE_PROMPTS_PER_DAY} prompts a day plus referral bonus`;

/** A charged AI answer: JSON, or Server-Sent Events when the request accepts text/event-stream (`respond`). */
export function jsonOrStream<T extends z.ZodType>(answer: T) {
  return {
    description: "The answer as JSON, or as Server-Sent Events (`delta`, then `done` with this JSON, or `error`)",
    content: { "application/json": { schema: answer }, ...file("text/event-stream").content },
  };
}

export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const wantsStream = (request: FastifyRequest) =>
  (request.headers.accept ?? "").toLowerCase().includes("text/event-stream");

export async function respond<Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  generation: Generation<Answer>,
): Promise<FastifyReply> {
  const { deps } = request.server;
  const user = request.user!;
  const client = new AbortController();
  // NOTE: 'close' on the response also follows a normal end; only a close before the end is the client leaving.
  reply.raw.on("close", () => {
    if (!reply.raw.writableEnded) client.abort();
  });
  const refund = () =>
    refundPrompt(request.db, user.id, generation.charge).catch((error: unknown) =>
      request.log.error({ err: error }, "AI prompt refund failed"),
    );
  const deltas = runModel(deps.ai, generation.prompt, {
    signal: client.signal,
    seed: generation.seed,
    log: request.log,
  });

  // A charge that runs ahead (bookkeeping.ts): the model starts now and nothing is sent before the charge settles;
  // a refused charge stops the model and answers as it always did.
  const ahead = chargeAhead(generation.charge);
  let firstStep: Promise<IteratorResult<string>> | undefined;
  if (ahead) {
    firstStep = deltas.next();
    firstStep.catch(() => {});
    try {
      await ahead;
    } catch (error) {
      client.abort();
      throw error;
    }
  }

  let first: string;
  let text = "";
  try {
    const step = await (firstStep ?? deltas.next());
    if (!wantsStream(request)) {
      if (!step.done) text += step.value;
      for await (const delta of deltas) text += delta;
      const answer = generation.finish(text);
      await generation.settled?.(text, true);
      return reply.send(answer);
    }
    first = step.value ?? "";
  } catch (error) {
    await refund();
    const failure = error instanceof MarinFailure ? error : new MarinFailure("failed");
    throw new AppError(failure.status, failure.code, failure.message);
  }

  const stream = new PassThrough();
  // NOTE: the response may be gone by the time we write; writes then go nowhere instead of throwing.
  stream.on("error", () => {});
  const write = (chunk: string) => {
    if (!stream.destroyed) stream.write(chunk);
  };
  // NOTE: from here on text has reached the client, so its leaving no longer gives the prompt back.
  const delivered = !client.signal.aborted;
  write(sseEvent("delta", { text: first }));
  text = first;
  void (async () => {
    try {
      for await (const delta of deltas) {
        text += delta;
        write(sseEvent("delta", { text: delta }));
      }
      if (client.signal.aborted) throw new MarinFailure("aborted");
      const answer = generation.finish(text);
      // NOTE: kept before `done` goes out, so a device opened right after it finds the whole reply.
      await generation.settled?.(text, true);
      write(sseEvent("done", answer));
    } catch (error) {
      const failure = error instanceof MarinFailure ? error : new MarinFailure("failed");
      if (delivered) await generation.settled?.(text, false);
      if (failure.kind !== "aborted" || !delivered) await refund();
      if (failure.kind !== "aborted") write(sseEvent("error", { message: failure.message, code: failure.code }));
    } finally {
      stream.end();
    }
  })();
  return reply.headers(SSE_HEADERS).send(stream);
}
