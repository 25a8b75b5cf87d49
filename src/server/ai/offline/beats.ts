// The scene's building blocks: one paragraph each (an exchange is a few short ones). Templates use grammar.ts's
// markers; {sound}, {smell}, {sight}, {task}, {alarm}, {place}, {Place}, {time}, {plot} and {touch} are filled by
// the stage.
import type { MoodKey, ThemeKey } from "./facts";

export const OPENINGS = [
  "{Time} ~had settled over {place}. The air ~smelled of {smell}, and from somewhere ~came {sound}.",
  "{Place} ~was never truly quiet. Even now there ~was {sound}, and {sight}.",
  "The first thing anyone ~noticed about {place} ~was the smell: {smell}. The second ~was {sight}.",
  "{Time} in {place} always ~felt like the moment before something happened: {sight}, {sound}, the air thick with {smell}.",
];

export const TOUCH = "At the edge of {A:pos} attention there ~was {touch}.";

export const ARRIVALS = [
  "{A} ~had been waiting long enough to count the cracks in the ceiling twice. {gestureA} When the door ~opened, {A:sub} ~knew who it was before {B} ~said a word.",
  "{A} ~was halfway through {task} when {B} ~arrived, because of course {B} ~did. {gestureA}",
  "{B} ~found {A:obj} exactly where {A:sub} always ~was at this hour. {gestureA} {gestureB}",
  "It ~was {B} who ~broke the silence, which ~was the first surprise of the night. {gestureB}",
];

/** Exchanges (A speaks, B answers) and narration, by theme. */
export const THEME_TALK: Record<ThemeKey | "default", { pairs: [string, string][]; narration: string[] }> = {
  enemies: {
    pairs: [
      [
        "Of all the people I expected to see, you were last on the list.",
        "And yet here I am. Try to contain your joy.",
      ],
      ["Still angry about last time?", "I’d have to care about you to be angry."],
      ["If you’re here to gloat, get it over with.", "Gloat? I came to help. Try not to faint."],
      ["I don’t need you.", "No. But you’re going to need someone, and I’m the only one who showed up."],
      ["Why are you still here?", "Because you’d be dead twice over without me, and it would be boring."],
      ["You’re in my way.", "Funny. I was going to say the same thing."],
      ["Say thank you.", "I’d rather eat glass."],
    ],
    narration: [
      "It ~was an old argument, worn smooth with use, and {A} ~hated how much {A:sub} ~had missed it.",
      "{Pair} ^had been enemies for so long that {A} could read {B:obj} like a map, every scowl a road {A:sub} ~had walked before.",
    ],
  },
  slowburn: {
    pairs: [
      ["You didn’t have to wait for me.", "I know. I wanted to."],
      ["Stay a while. If you want.", "I was hoping you’d ask."],
      ["Why do you always find me?", "Because I always look."],
    ],
    narration: [
      "{B:pos} hand ~brushed {A:pos} hand, the briefest touch, and neither of {pair} ~mentioned it.",
      "Something unspoken ~sat between {pair}, patient as ever, and {A} ~let it stay there one more night.",
    ],
  },
  friends: {
    pairs: [
      ["You still do that thing with your nose when you lie.", "I do not. Okay. Maybe a little."],
      ["Since when do you blush?", "Since never. It’s warm in here. Shut up."],
      ["We’ve known each other forever. You can tell me.", "That’s exactly why I can’t."],
    ],
    narration: [
      "{B} ~knew {A:obj} far too well for this to work, and both of {pair} ^knew it.",
      "Years of friendship ~sat easily between {pair}, and lately, not quite so easily.",
    ],
  },
  au: {
    pairs: [["Have we met before?", "Funny. I was about to ask you the same thing."]],
    narration: ["For one dizzy second {A} could have sworn {A:sub} ~had lived this moment before, in some other life."],
  },
  nsfw: { pairs: [], narration: [] },
  default: {
    pairs: [
      ["I didn’t think you’d come.", "Neither did I. Yet here we are."],
      ["Tell me I’m wrong.", "I wish I could."],
      ["So. What now?", "Now we find out what we’re made of."],
      ["You could have left.", "I thought about it. I stayed."],
    ],
    narration: ["{A} ~considered {B} for a long moment, weighing every word that ~had not been said yet."],
  },
};

/** One paragraph per mood; `mature` variants only when the story allows it. */
export const MOOD_BEATS: Record<MoodKey, { general: string[]; mature?: string[] }> = {
  romance: {
    general: [
      "For a moment neither of {pair} ~moved. {B} ~was close enough that {A} could count each breath, and the rest of {place} ~seemed to fall politely away.",
      "{A:pos} heart ~did something complicated and deeply inconvenient when {B} ~smiled. {A} ~looked away first. {A:sub} always ~did.",
      "{B} ~reached out and ~tucked a stray strand of hair behind {A:pos} ear, slowly, as if asking permission with every inch.",
    ],
  },
  angst: {
    general: [
      "{A} ~thought of the last time anyone had stood beside {A:them} here, and of how that had ended. The memory ~was a bruise {A:sub} could not stop pressing.",
      "There ~was so much {A} could have said. {A:sub} ~swallowed every word of it and ~let the silence do the hurting instead.",
    ],
    mature: [
      "{A} ~had buried people for less than this. The thought ~came cold and unbidden, and {A:sub} ~did not push it away; {A:sub} ~held it, the way one ~held a blade by the edge, to remember it could cut.",
    ],
  },
  humor: {
    general: [
      "Somewhere behind {pair}, a cat ~knocked something expensive off a shelf with great deliberation. {B} ~did not even blink. \u201cFriend of yours?\u201d {A} ~asked.",
      "{A} ~tried to make a dignified exit and ~walked straight into the doorframe. {B} ~was kind enough to wait a full second before laughing.",
      "\u201cThis is fine,\u201d {B} ~said, in the voice of someone for whom nothing ~was fine. \u201cEverything is completely, entirely fine.\u201d",
    ],
  },
  spice: {
    general: [
      "{A} ~was suddenly, acutely aware of how close {B} ~stood, of the warmth coming off {B:them}, of how easy it would be to close the distance.",
    ],
    mature: [
      "The air between {pair} ~changed, warm and heavy as a held breath. {B:pos} gaze ~dropped to {A:pos} mouth and ~stayed there, and {A} ~forgot, for one reckless heartbeat, every reason this ~was a terrible idea.",
    ],
  },
  chaos: {
    general: [
      "It ~was at that exact moment that everything ~went sideways: a shout, a crash, and something small and very fast ~shot between {pairPos} feet.",
      "Three things ~happened at once. A window ~shattered, someone ~screamed about a goat, and {B} ~started laughing as if this ~had been the plan all along.",
    ],
  },
  adventure: {
    general: [
      "{B} ~unfolded a map worn soft at the creases and ~tapped a spot where the ink ~had faded to nothing. \u201cThere. Nobody’s been that far and come back.\u201d {A} ~studied it longer than {A:sub} ~meant to.",
      "Beyond {place} the road ~ran on into country neither of {pair} ~had seen, and {A} ~felt the old familiar pull of it, like a hand on the back.",
    ],
  },
  action: {
    general: [
      "Then the {alarm} ~went off. {A} ~moved first, {B} a heartbeat behind, and for a few breathless seconds there ~was only noise and motion and the sharp certainty that time ~had run out.",
      "The first blow ~came from the left. {A} ~ducked, ~felt it whistle past, and ~drove an elbow back without looking; behind {A:them}, {B} ~swore and ~joined the fight.",
    ],
  },
};

/** {things}: the plot's nouns ('the stolen map and the drowned temple'); the fallback quotes the plot. */
export const PLOT_BEATS = {
  things: [
    "Beneath everything else ~was the reason {pairSub} ^had come, the thing {A} could not stop turning over: {things}.",
    "Neither of {pair} ~said it, but both of {pair} ^were thinking about {things}.",
    "{A} ~had not forgotten why any of this mattered. It all ~came back to {things}.",
  ],
  fallback: "{A} ~had not forgotten why any of this mattered. {plot}",
};

export const CLOSINGS = [
  "{A} ~looked at {B} for a long moment. Then {A:sub} ~made a decision, and it would change everything, though neither of {pair} ~knew it yet.",
  "Outside, {sound} ~went on as if nothing ~had changed. But something ~had. {A} could feel it, like the first crack in ice.",
  "\u201cTomorrow, then,\u201d {B} ~said at last. It ~sounded like a promise. It ~sounded, just a little, like a threat.",
];

/** The first paragraph of a chapter that follows another one. */
export const TIME_SKIPS = [
  "It ~took three days for {A} to admit that {B} ~had been right. It ~took a fourth to say so out loud.",
  "By the time the sun ~rose over {place}, {A} ~had made up {A:their} mind.",
  "The news ~reached {A} a week later, in the worst possible way.",
];

/** Finishes a sentence the writer left open before going on. */
export const SENTENCE_ENDS = [
  ", though no one ~said so.",
  ", and that ~was that.",
  ", and for a moment nothing else ~mattered.",
];

/** Open sentences that need a particular kind of ending, by their last word. */
export const OPEN_ENDS: [RegExp, string[]][] = [
  [/^(and|then)$/, [" ~waited.", " ~held very still.", " ~listened."]],
  [/^(but|or|yet)$/, [" nothing ~happened.", " no one ~moved."]],
  // An article, a possessive, a preposition or a verb: a few words that finish the sentence, never a fragment.
  [/^the$/, [" quiet that followed.", " last of the light."]],
  [/^a$/, [" moment later."]],
  [/^an$/, [" hour later."]],
  [/^(her|his)$/, ["."]],
  [/^(my|their|our|your|its)$/, [" own."]],
  [/^at$/, [" last."]],
  [/^of$/, [" it all."]],
  [/^as$/, [" ever."]],
  [/^for$/, [" a while."]],
  [/^with$/, [" care."]],
  [/^(to|into|in|on|from)$/, [" the dark."]],
  [/^(was|is|were|are)$/, [" still."]],
];

/** Any character's small actions, for when their own habits have all been shown. */
export const SMALL_ACTIONS = [
  "{X} ~rubbed the back of {X:their} neck.",
  "{X} ~looked down at {X:their} hands for a moment.",
  "{X} ~let out a long, slow breath.",
  "{X} ~tilted {X:their} head, considering.",
  "{X} ~glanced at {Y:obj}, then away.",
  "{X} ~straightened, as if bracing for something.",
];

/** A breath between bigger beats. */
export const QUIET = [
  "For a while neither of {pair} ~said anything. {sound} ~filled the silence, and {A} ~found that {A:sub} did not mind.",
  "{A} ~watched the light change across {place}, and ~let {A:their} thoughts drift where they would.",
  "Later, {A} would remember this moment more clearly than any of the others: the smell of {smell}, the weight of {B:pos} glance, the sense of standing at the edge of something.",
];
