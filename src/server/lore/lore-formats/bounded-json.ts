// JSON.parse with bounds on what it builds (an imported lorebook is a stranger's file): before parsing, one pass over
// the text counts its containers and separators and its nesting outside strings, so '[{},{},…]' in 10 MB (millions of
// objects, hundreds of MB of heap) is refused before a single object exists. The byte size is checked by the caller.
// NOTE: a pre-scan rather than a streaming parser: the text is already in memory (10 MB at most), the scan allocates
// nothing, and JSON.parse stays the parser (no second grammar to get wrong).
import { AppError } from "../../errors";
import { LORE_IMPORT_LIMITS, LORE_IMPORT_MESSAGES } from "../../../shared/schemas/lore-io";

const QUOTE = 34;
const BACKSLASH = 92;

export function parseBoundedJson(
  text: string,
  limits: { depth: number; tokens: number } = {
    depth: LORE_IMPORT_LIMITS.depth,
    tokens: LORE_IMPORT_LIMITS.jsonTokens,
  },
): unknown {
  let depth = 0;
  let tokens = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        break;
      case 91: // [
      case 123: // {
        tokens++;
        if (++depth > limits.depth) throw new AppError(400, "LORE_IMPORT_TOO_DEEP", LORE_IMPORT_MESSAGES.tooDeep);
        break;
      case 93: // ]
      case 125: // }
        depth--;
        break;
      case 44: // ,
      case 58: // :
        if (++tokens > limits.tokens)
          throw new AppError(413, "LORE_IMPORT_TOO_BIG", LORE_IMPORT_MESSAGES.tooManyTokens);
    }
  }
  if (tokens > limits.tokens) throw new AppError(413, "LORE_IMPORT_TOO_BIG", LORE_IMPORT_MESSAGES.tooManyTokens);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(415, "LORE_IMPORT_NOT_JSON", LORE_IMPORT_MESSAGES.notJson);
  }
}
