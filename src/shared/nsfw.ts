// The NSFW rule (nsfw, mature, 18+ or adult in the title or description; an nsfw or spicy mood, decision 0004),
// shared so the server can rate stories and the client can filter.

const WORDS = ["nsfw", "mature", "18+", "adult"];
export const SPICE_MATURE_ABOVE = 50;

export interface NsfwCandidate {
  title?: string | null;
  description?: string | null;
  moods?: unknown;
}

function moodsLookNsfw(moods: unknown): boolean {
  let value = moods;
  if (typeof moods === "string") {
    try {
      value = JSON.parse(moods);
    } catch {
      return /spice|nsfw/i.test(moods);
    }
  }
  if (Array.isArray(value)) return value.some((m) => /spice|nsfw/i.test(String(m)));
  if (value && typeof value === "object") {
    // NOTE: the wizard stores every slider, so a "spice" key alone is always present; only a
    // spice level above the midpoint (or a non-numeric flag) marks the story as mature.
    return Object.entries(value).some(
      ([k, v]) => /spice|nsfw/i.test(k) && (typeof v === "number" ? v > SPICE_MATURE_ABOVE : Boolean(v)),
    );
  }
  return false;
}

export function isNsfw(story: NsfwCandidate): boolean {
  if (moodsLookNsfw(story.moods)) return true;
  const text = `${story.title ?? ""} ${story.description ?? ""}`.toLowerCase();
  return WORDS.some((w) => text.includes(w));
}
