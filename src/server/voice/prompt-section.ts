// The writer's voice as Marin's prompt carries it: the profile described in a line, then as much of the sample as the
// prompt's budget leaves once the story text has its share. The offline storyteller reads it back (readVoiceSection).
import { describeProfile } from "./profile";
import type { WriterVoice } from "./samples";

export const VOICE_TAG = "writer_voice";
const SAMPLE_TAG = "style_sample";
/** Below this many characters of room, the sample is left out and the description travels alone. */
const SAMPLE_MIN_CHARS = 400;
const SCOPE_LABEL = { story: "this story's style sample", all: "the writer's style sample for all their stories" };
const INSTRUCTION =
  "When you write story text, write it in this voice: aim at its sentence and paragraph length, its share of dialogue, its person and tense, and favour its words. Never copy the sample's sentences.";

/** The sample cut to `max` characters at the last sentence (or word) end that fits. */
function clipSample(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"), cut.lastIndexOf("? "), cut.lastIndexOf("! "));
  return end > max / 2 ? cut.slice(0, end + 1) : cut.slice(0, cut.lastIndexOf(" ")).trimEnd();
}

export interface VoiceSection {
  text: string;
  /** Whether the sample itself (or part of it) travels, not only its description. */
  withSample: boolean;
  scope: WriterVoice["scope"];
}

/** The section for the prompt, within `room` characters for the sample; null without a voice. */
export function voiceSection(voice: WriterVoice | null | undefined, room: number): VoiceSection | null {
  if (!voice) return null;
  const lines = [`Style (from ${SCOPE_LABEL[voice.scope]}): ${describeProfile(voice.profile)}`, INSTRUCTION];
  const sampleRoom = room - 200;
  const withSample = sampleRoom >= SAMPLE_MIN_CHARS;
  if (withSample) lines.push(`<${SAMPLE_TAG}>\n${clipSample(voice.text, sampleRoom)}\n</${SAMPLE_TAG}>`);
  return { text: `<${VOICE_TAG}>\n${lines.join("\n")}\n</${VOICE_TAG}>`, withSample, scope: voice.scope };
}

/** What the offline storyteller steers by: the mean sentence length aimed at, and the sample's text (may be empty). */
export interface ReadVoice {
  sentenceMean: number;
  sample: string;
  favouriteWords: string[];
}

/** Reads the section back from a prompt; null when the prompt has none. */
export function readVoiceSection(prompt: string): ReadVoice | null {
  // NOTE: the last one: the section ends the system prompt, and story text could quote the tag.
  const at = prompt.lastIndexOf(`\n<${VOICE_TAG}>\n`);
  if (at < 0) return null;
  const end = prompt.indexOf(`\n</${VOICE_TAG}>`, at);
  const section = prompt.slice(at, end < 0 ? undefined : end);
  const mean = /\(mean (\d+(?:\.\d+)?) words/.exec(section);
  if (!mean) return null;
  const sample = new RegExp(`<${SAMPLE_TAG}>\\n([\\s\\S]*?)\\n</${SAMPLE_TAG}>`).exec(section);
  const favourites = /favourite words: ([^.\n]*)/.exec(section)?.[1] ?? "";
  return {
    sentenceMean: Number(mean[1]),
    sample: sample?.[1] ?? "",
    favouriteWords: favourites.split(", ").filter(Boolean),
  };
}
