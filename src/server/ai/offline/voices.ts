// How each archetype moves and speaks. {X} is the character, {Y} the person they are talking to.
import type { ArchetypeKey } from "./cast";

export interface ArchetypeVoice {
  /** Body language and habits, one sentence each. */
  gestures: string[];
  /** Things they say (the tag is added by the scene). */
  lines: string[];
  /** Speech tags, verb marked: '~said quietly'. */
  tags: string[];
  /** One line for chat answers: how they act in a scene. */
  advice: string;
}

export const VOICES: Record<ArchetypeKey | "default", ArchetypeVoice> = {
  stoic: {
    gestures: [
      "{X} ~did not look up, but {X:their} hands ^went still.",
      "{X} ~stood with {X:their} back to the wall, like someone who ~expected trouble.",
      "Only a muscle in {X:pos} jaw ~gave anything away.",
    ],
    lines: ["You’re late.", "Say what you came to say.", "I don’t need help.", "It’s handled.", "Stay behind me."],
    tags: ["~said flatly", "~said", "~said after a moment"],
    advice: "says little and lets silences do the work; show what they feel through what their hands do",
  },
  sunbeam: {
    gestures: [
      "{X} ~bounced on {X:their} heels, already grinning.",
      "{X:pos} laugh ~arrived a moment before {X:sub} ~did, as it always ~did.",
      "{X} ~pressed a warm cup into {Y:pos} hands without asking whether it was wanted.",
    ],
    lines: [
      "Okay, but hear me out, this is going to be fun.",
      "You look like you haven’t eaten since Tuesday. Sit.",
      "We’ve got this. Probably. Mostly!",
      "I saved you the good seat.",
    ],
    tags: ["~said brightly", "~said", "~laughed"],
    advice: "lights up every room and refuses to let anyone sulk alone; give them one moment where the smile slips",
  },
  mastermind: {
    gestures: [
      "{X} ~tapped two fingers against the table, counting moves no one else could see.",
      "{X:pos} eyes ^went from face to face, filing every flicker away for later.",
      "{X} ~smiled the small, patient smile of someone three steps ahead.",
    ],
    lines: [
      "I wondered how long it would take you.",
      "Everything is going exactly to plan. Yours, unfortunately, is not.",
      "Don’t mistake patience for kindness.",
      "Ask the right question and I might answer it.",
    ],
    tags: ["~said mildly", "~murmured", "~said"],
    advice: "always seems to know more than they say; let them be surprised once, and watch them adapt",
  },
  broody: {
    gestures: [
      "{X} ~stood at the edge of the light as if it ~belonged to someone else.",
      "{X} ~stared at nothing, an old memory moving behind {X:their} eyes.",
      "{X} ~pulled {X:their} coat tighter, shoulders hunched against more than the cold.",
    ],
    lines: ["Go home.", "You don’t know what I’ve done.", "Some doors stay closed for a reason.", "It doesn’t matter."],
    tags: ["~muttered", "~said quietly", "~said"],
    advice: "carries a weight they will not name; the reader should glimpse the wound before any character does",
  },
  seductress: {
    gestures: [
      "{X} ~leaned against the doorframe as though it ~had been built for exactly that purpose.",
      "{X} ~let the silence stretch, a slow smile curling at the corner of {X:their} mouth.",
      "{X} ~traced the rim of a glass with one fingertip, unhurried.",
    ],
    lines: [
      "You’re staring. I don’t mind.",
      "Careful. I might start to think you like me.",
      "Everyone wants something. What do you want?",
      "Come closer. I won’t bite. Not tonight.",
    ],
    tags: ["~murmured", "~said softly", "~teased"],
    advice: "uses charm as armour and as a weapon; the interesting moment is when the charm stops working",
  },
  tsundere: {
    gestures: [
      "{X} ~crossed {X:their} arms and ~scowled, colour rising high on {X:their} cheeks.",
      "{X} ~huffed and ~looked pointedly anywhere else.",
      "{X} ~shoved something into {Y:pos} hands, then ~acted as if it ~had never happened.",
    ],
    lines: [
      "It’s not like I was waiting for you or anything.",
      "Don’t get the wrong idea. I just had extra.",
      "You’re impossible. Completely impossible.",
      "Fine! But only because nobody else would do it right.",
    ],
    tags: ["~snapped", "~muttered", "~said, a little too loudly"],
    advice: "runs hot and cold: sharp words, soft actions; let the kindness leak out when they think no one is looking",
  },
  chaos: {
    gestures: [
      "{X} ~swung up onto the nearest table as if chairs were a suggestion.",
      "Something ~crashed behind {X:obj}; {X} ~did not even turn around.",
      "{X} ~grinned the grin of someone who ~had already lit the fuse.",
    ],
    lines: [
      "Good news: I have a plan. Bad news: it’s the same plan.",
      "Define ‘explode’.",
      "Relax. I’ve done this at least once before.",
      "What’s the worst that could happen? Don’t answer that.",
    ],
    tags: ["~said cheerfully", "~announced", "~said"],
    advice: "turns every plan sideways; pair them with someone who has to clean up after them",
  },
  bookworm: {
    gestures: [
      "{X} ~pushed {X:their} glasses up and ~kept reading for one more line.",
      "{X} ~hugged a stack of books to {X:their} chest like a shield.",
      "Ink ~stained the side of {X:pos} hand, and {X} ~smelled faintly of old paper.",
    ],
    lines: [
      "Technically, that’s not how it works. There’s a footnote.",
      "I read about this once. It did not end well for anyone.",
      "Give me ten minutes and a quiet corner.",
      "You’re holding the map upside down.",
    ],
    tags: ["~said", "~murmured, not looking up", "~pointed out"],
    advice: "knows the answer before anyone asks; their growth is learning that not everything is in a book",
  },
  wildcard: {
    gestures: [
      "{X} ~flipped a coin across {X:their} knuckles and ~caught it without looking.",
      "No one ever ~knew which way {X} would jump.",
      "{X} ~laughed at exactly the wrong moment.",
    ],
    lines: [
      "Heads, we run. Tails, we run faster.",
      "I never said I was on your side.",
      "Trust me. Or don’t. Either way.",
    ],
    tags: ["~said", "~said with a shrug", "~said lightly"],
    advice: "keeps everyone guessing about their loyalty; decide privately what they want, then hide it well",
  },
  grey: {
    gestures: [
      "{X} ~wiped a blade clean and ~put it away as if it ~had been a pen.",
      "{X} ~watched the exits first and the people second.",
      "There ~was something careful about {X:pos} stillness, like a held breath.",
    ],
    lines: [
      "I do what needs doing. Someone has to.",
      "Good and bad are luxuries. I can’t afford either.",
      "You can hate me after. First, you live.",
    ],
    tags: ["~said evenly", "~said", "~said coolly"],
    advice:
      "does the wrong things for the right reasons (or the reverse); give them a line they will not cross, and test it",
  },
  cinnamon: {
    gestures: [
      "{X} ~stepped between {Y:obj} and the rest of the world without thinking about it.",
      "{X} ~hovered, clearly wanting to help and not sure where to start.",
      "{X} ~tucked a blanket around {Y:pos} shoulders with great seriousness.",
    ],
    lines: [
      "Are you hurt? Let me see.",
      "Nobody touches them. Nobody.",
      "I brought snacks. And bandages. Mostly snacks.",
      "You don’t have to be okay. I’m here anyway.",
    ],
    tags: ["~said gently", "~said", "~said firmly"],
    advice: "soft with friends and terrifying when they are threatened; let their gentleness cost them something",
  },
  default: {
    gestures: [
      "{X} ~ran a hand through {X:their} hair and ~let out a slow breath.",
      "{X} ~glanced toward the door, then back again.",
      "{X} ~shifted {X:their} weight, caught between staying and going.",
    ],
    lines: ["We need to talk.", "I didn’t think you’d come.", "So. What now?", "Tell me I’m wrong."],
    tags: ["~said", "~said at last", "~said quietly"],
    advice: "is still finding their shape; give them one want and one fear and let the scene push on both",
  },
};

export const voiceOf = (archetype: ArchetypeKey | null) => VOICES[archetype ?? "default"];
