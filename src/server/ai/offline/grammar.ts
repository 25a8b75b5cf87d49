// Templates to sentences. A template names people as {A} (subject), {A:obj}, {A:pos} ("Aria's"), {A:their} and
// {A:them}, other values as {key}, and marks each narrated verb as ~past ("~turned") so the text can follow the
// story's tense and person: past or present, third person or the first person of a narrator.
import type { Character } from "./cast";

export type Tense = "past" | "present";
export type Person = "first" | "third";

export interface Voice {
  tense: Tense;
  person: Person;
}

/** Base forms of every verb the templates mark; the tests check none is missing. */
export const VERBS: Record<string, string> = Object.fromEntries(
  (
    "was:be were:be had:have did:do went:go said:say made:make took:take came:come saw:see knew:know thought:think " +
    "felt:feel kept:keep left:leave let:let held:hold stood:stand sat:sit found:find gave:give told:tell " +
    "began:begin brought:bring caught:catch drew:draw fell:fall hung:hang ran:run rose:rise shook:shake " +
    "slid:slide spoke:speak stole:steal struck:strike swept:sweep threw:throw understood:understand " +
    "woke:wake wore:wear meant:mean heard:hear got:get put:put set:set bit:bite broke:break crept:creep " +
    "leaned:lean turned:turn looked:look smiled:smile laughed:laugh glanced:glance waited:wait watched:watch " +
    "reached:reach pressed:press stepped:step stopped:stop pulled:pull pushed:push lifted:lift tilted:tilt " +
    "shifted:shift snorted:snort sighed:sigh muttered:mutter murmured:murmur whispered:whisper answered:answer " +
    "asked:ask added:add replied:reply tried:try carried:carry hurried:hurry studied:study narrowed:narrow " +
    "softened:soften tightened:tighten curled:curl drifted:drift flickered:flicker smelled:smell tasted:taste " +
    "seemed:seem filled:fill moved:move noticed:notice closed:close opened:open raised:raise folded:fold " +
    "crossed:cross touched:touch brushed:brush traced:trace counted:count listened:listen wanted:want " +
    "needed:need refused:refuse decided:decide realized:realize remembered:remember hesitated:hesitate " +
    "flinched:flinch grinned:grin scowled:scowl rolled:roll huffed:huff blinked:blink swallowed:swallow " +
    "cleared:clear exhaled:exhale inhaled:inhale straightened:straighten slipped:slip tugged:tug jerked:jerk " +
    "ducked:duck dropped:drop spun:spin burst:burst dodged:dodge landed:land skidded:skid shouted:shout " +
    "echoed:echo rattled:rattle hummed:hum glowed:glow gleamed:gleam pooled:pool stretched:stretch " +
    "lingered:linger stayed:stay followed:follow belonged:belong mattered:matter happened:happen " +
    "considered:consider pretended:pretend shrugged:shrug nodded:nod paused:pause tapped:tap knocked:knock " +
    "unfolded:unfold cracked:crack snapped:snap trembled:tremble settled:settle smoothed:smooth " +
    "warmed:warm cooled:cool darkened:darken climbed:climb crouched:crouch peered:peer squinted:squint " +
    "wondered:wonder promised:promise admitted:admit laughed:laugh teased:tease offered:offer " +
    "drove:drive shot:shoot shattered:shatter screamed:scream started:start walked:walk joined:join swore:swear " +
    "tucked:tuck arrived:arrive sounded:sound passed:pass mentioned:mention hated:hate changed:change " +
    "forgot:forget expected:expect crashed:crash stained:stain hugged:hug flipped:flip wiped:wipe hovered:hover " +
    "swung:swing stared:stare shoved:shove acted:act bounced:bounce announced:announce pointed:point rubbed:rub"
  )
    .split(/\s+/)
    .map((pair) => pair.split(":") as [string, string]),
);

function thirdPersonPresent(base: string): string {
  const irregular: Record<string, string> = { be: "is", have: "has", do: "does", go: "goes" };
  if (irregular[base]) return irregular[base];
  if (/(s|sh|ch|x|z|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

function firstPersonPresent(base: string): string {
  return base === "be" ? "am" : base;
}

/** Renders marked verbs for the voice; 'I ~was' becomes 'I am' in the present tense. */
export function conjugate(text: string, voice: Voice): string {
  if (voice.tense === "past") return text.replace(/\^was\b/g, "were").replace(/[~^](\w+)/g, "$1");
  // A verb's subject is 'I' when 'I' comes just before it, or when it continues the previous verb's clause
  // ('I duck, feel it whistle past, and drive …').
  let previousWasI = false;
  return text
    .replace(/\^(\w+)/g, (_, past: string) => (VERBS[past] === "be" ? "are" : (VERBS[past] ?? past)))
    .replace(/~(\w+)/g, (_, past: string, at: number, whole: string) => {
      const before = whole.slice(Math.max(0, at - 40), at);
      const isI = /\bI ((always|never|still|just|only|finally|already|barely) )?$/.test(before)
        ? true
        : /(,|\band|\bor|\bthen)\s*$/.test(before)
          ? previousWasI
          : false;
      previousWasI = isI;
      const base = VERBS[past];
      if (!base) return past;
      return isI ? firstPersonPresent(base) : thirdPersonPresent(base);
    });
}

const POSSESSIVE: Record<Character["pronoun"], string> = { she: "her", he: "his", they: "their" };
const OBJECT: Record<Character["pronoun"], string> = { she: "her", he: "him", they: "them" };

export interface Roles {
  [role: string]: Character;
}

/**
 * Fills a template. `narrator` is the person who is 'I' in a first-person story: their name becomes I / me / my.
 */
export function fill(
  template: string,
  roles: Roles,
  values: Record<string, string>,
  voice: Voice,
  narrator: Character | null,
): string {
  // Singular 'they' takes a plural verb: 'they always do', 'they were'.
  const agreed = template.replace(
    /\{(\w+):sub\} ((?:always|never|still|just|only|finally|already|barely) )?~/g,
    (whole, key: string, adverb = "") => {
      const who = roles[key];
      const isMe = voice.person === "first" && narrator !== null && who?.name === narrator.name;
      return who && !isMe && who.pronoun === "they" ? `{${key}:sub} ${adverb}^` : whole;
    },
  );
  const text = agreed.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, key: string, form: string | undefined) => {
    const who = roles[key];
    if (!who) return whole;
    const isMe = voice.person === "first" && narrator !== null && who.name === narrator.name;
    switch (form) {
      case undefined:
        return isMe ? "I" : who.name;
      case "obj":
        return isMe ? "me" : who.name;
      // A subject pronoun where the reader already knows who is meant.
      case "sub":
        return isMe ? "I" : who.pronoun;
      case "pos":
        return isMe ? "my" : `${who.name}’s`;
      case "their":
        return isMe ? "my" : POSSESSIVE[who.pronoun];
      case "them":
        return isMe ? "me" : OBJECT[who.pronoun];
      default:
        return whole;
    }
  });
  // Values (the writer's own words) go in after conjugation, so their '~' and '^' are left alone.
  const withValues = conjugate(text, voice).replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  return capitalizeSentences(withValues);
}

export function capitalizeSentences(text: string): string {
  return text
    .replace(/^(["“]?)(\p{Ll})/u, (_, quote: string, letter: string) => quote + letter.toUpperCase())
    .replace(/([.!?]["”]?\s+["“]?)(\p{Ll})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** 'A rain-soaked city' → 'a rain-soaked city'; proper names keep their capitals. */
export function lowerArticle(phrase: string): string {
  return phrase.replace(/^(A|An|The)\b/, (article) => article.toLowerCase());
}

export const wordCount = (text: string) => (text.match(/\S+/g) ?? []).length;
