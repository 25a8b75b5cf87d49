// Bounded JSON bodies: a small default size, bigger limits only where a route needs them, and a
// nesting and value-count bound checked on the text before JSON.parse builds anything.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { COVER_UPLOAD_MAX_BYTES, STORY_CONTENT_MAX_BYTES } from "../../shared/limits";
import { AppError } from "../errors";

/** Accounts, comments and every other small form. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** The longest a cover data URL can be: base64 of the largest upload, plus its `data:...;base64,` head. */
const COVER_DATA_URL_MAX = Math.ceil(COVER_UPLOAD_MAX_BYTES / 3) * 4 + 256;
/** Publishing sends a cover and short texts. */
export const PUBLISH_BODY_LIMIT = COVER_DATA_URL_MAX + DEFAULT_BODY_LIMIT;
/**
 * Creating or saving a story may carry the largest content and a new cover at once. JSON.stringify can
 * double content (every `"` and `\` gets a backslash), so the limit lets twice the content through and
 * the content's own check answers the spec's 413.
 */
export const STORY_BODY_LIMIT = 2 * STORY_CONTENT_MAX_BYTES + COVER_DATA_URL_MAX + DEFAULT_BODY_LIMIT;

export const MAX_JSON_DEPTH = 32;
/** Arrays, objects and members outside strings; no form sends more than a few hundred. */
export const MAX_JSON_VALUES = 10_000;

export const JSON_TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
export const JSON_TOO_MANY_VALUES = `The request body has too many values (at most ${MAX_JSON_VALUES}).`;

/**
 * Scans JSON text without parsing it: what is wrong with its shape, or undefined. Strings are skipped
 * with indexOf, so the long texts of a story cost little.
 */
export function checkJsonShape(text: string): string | undefined {
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = closingQuote(text, i + 1);
      if (i < 0) return undefined; // unterminated: JSON.parse answers it
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_JSON_DEPTH) return JSON_TOO_DEEP;
      if (++values > MAX_JSON_VALUES) return JSON_TOO_MANY_VALUES;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    } else if (c === 0x2c /* , */ && ++values > MAX_JSON_VALUES) {
      return JSON_TOO_MANY_VALUES;
    }
  }
  return undefined;
}

function closingQuote(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

/** Replaces Fastify's JSON parser (keeping its prototype-poisoning refusal) with the bounded one. */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const problem = checkJsonShape(body as string);
    if (problem) return done(new AppError(400, "BAD_JSON", problem), undefined);
    return parseJson(request, body as string, done);
  });
}

/**
 * A route error handler that answers a body over the route's limit with the route's own 413
 * (the story's or the cover's message) and passes everything else to the app's error handler.
 */
export function bodyTooLargeAs(tooLarge: () => AppError) {
  return (failure: FastifyError, _request: FastifyRequest, _reply: FastifyReply) => {
    throw failure.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? tooLarge() : failure;
  };
}
