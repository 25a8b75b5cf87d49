// The setting as the prose uses it: a place phrase, sensory details by kind of world and by setting keywords, a
// light touch of the fandom, and chapter titles.
import type { StoryBrief } from "../context-block";
import { nameStyle } from "./cast";
import { lowerArticle } from "./grammar";
import type { Random } from "./random";

export interface Senses {
  sound: string[];
  smell: string[];
  sight: string[];
}

type WorldKind = "fantasy" | "modern" | "future" | "sea";

const BY_STYLE: Record<WorldKind, Senses & { task: string[]; alarm: string }> = {
  sea: {
    sound: ["the slap of waves against the hull", "rigging creaking in the wind", "gulls crying over the water"],
    smell: ["salt and tar", "fish and wet rope", "seaweed drying on the rocks"],
    sight: ["nets drying on the rocks", "a lantern swinging from a mast", "the grey sea heaving beyond the docks"],
    task: [
      "mending a net that was already mended",
      "coiling a rope for the third time",
      "scraping salt from a lantern glass",
    ],
    alarm: "storm bell",
  },
  fantasy: {
    sound: ["a bell tolling in the distance", "the creak of old timber", "the hiss and spit of torches"],
    smell: ["woodsmoke and wet stone", "pine resin and horses", "candle wax and cold iron"],
    sight: ["lantern light pooling on the flagstones", "banners stirring in the draft", "frost feathering the glass"],
    task: [
      "sharpening a blade that was already sharp",
      "mending a cloak by candlelight",
      "pretending to read a letter",
    ],
    alarm: "warning bell",
  },
  modern: {
    sound: ["traffic sighing past the window", "the hum of an old refrigerator", "a siren fading streets away"],
    smell: ["burnt coffee and rain", "laundry soap and cold pizza", "wet pavement and cut grass"],
    sight: [
      "streetlights smeared across wet asphalt",
      "a phone screen glowing face-up on the table",
      "fairy lights sagging along the shelves",
    ],
    task: [
      "a cup of coffee that had gone cold an hour ago",
      "an essay that refused to write itself",
      "a sink full of dishes",
    ],
    alarm: "fire alarm",
  },
  future: {
    sound: ["the low thrum of the engines", "a tinny announcement nobody listened to", "the tick of cooling metal"],
    smell: ["ozone and recycled air", "hot circuitry and synthetic coffee", "engine grease and antiseptic"],
    sight: [
      "holo-signs flickering blue and pink",
      "stars wheeling slowly past the viewport",
      "status lights blinking amber",
    ],
    task: [
      "recalibrating a console that did not need it",
      "patching a cracked helmet visor",
      "running the same diagnostic for the third time",
    ],
    alarm: "proximity alarm",
  },
};

const BY_KEYWORD: [RegExp, Senses][] = [
  [
    /rain|storm/i,
    {
      sound: ["rain drumming on every surface"],
      smell: ["petrichor and wet stone"],
      sight: ["rain sheeting down the windows"],
    },
  ],
  [
    /snow|winter|frost|ice/i,
    {
      sound: ["the hush of falling snow"],
      smell: ["frost and chimney smoke"],
      sight: ["snow banked high against the windows"],
    },
  ],
  [
    /sea|ocean|harbou?r|port|coast|beach|island/i,
    {
      sound: ["gulls crying over the water"],
      smell: ["salt and tar"],
      sight: ["the grey sea heaving beyond the docks"],
    },
  ],
  [
    /forest|wood|grove|jungle/i,
    {
      sound: ["wind moving through the branches"],
      smell: ["moss and damp earth"],
      sight: ["shafts of green light slanting between the trees"],
    },
  ],
  [
    /castle|palace|court|keep|citadel/i,
    {
      sound: ["footsteps echoing down long stone halls"],
      smell: ["beeswax and cold stone"],
      sight: ["tapestries stirring in the draft"],
    },
  ],
  [
    /library|academy|school|college|university/i,
    {
      sound: ["the rustle of turning pages"],
      smell: ["dust and old paper"],
      sight: ["tall shelves leaning like tired sentinels"],
    },
  ],
  [
    /desert|dune|sand/i,
    {
      sound: ["wind hissing across the dunes"],
      smell: ["hot sand and spice"],
      sight: ["heat shimmering over the dunes"],
    },
  ],
  [
    /cyber|neon|metropol|skyscraper/i,
    {
      sound: ["traffic murmuring several floors below"],
      smell: ["rain-wet concrete and street food"],
      sight: ["neon bleeding across wet streets"],
    },
  ],
  [
    /caf[eé]|coffee|bakery/i,
    {
      sound: ["the hiss of the espresso machine"],
      smell: ["burnt sugar and fresh coffee"],
      sight: ["windows fogged from the inside"],
    },
  ],
  [
    /tavern|inn|pub|bar\b/i,
    {
      sound: ["a fiddle scraping through a reel"],
      smell: ["ale and woodsmoke"],
      sight: ["firelight on battered tables"],
    },
  ],
  [
    /space|station|starship|orbit|planet/i,
    {
      sound: ["the low thrum of the engines"],
      smell: ["ozone and recycled air"],
      sight: ["stars wheeling past the viewport"],
    },
  ],
];

const FANDOM_TOUCHES: [RegExp, string][] = [
  [/harry potter|hogwarts/i, "the faint warm hum of a wand tucked into a sleeve"],
  [/lord of the rings|hobbit|tolkien/i, "Elvish letters worn almost smooth on the old stone"],
  [/star wars/i, "the distant whine of a starfighter coming in to land"],
  [/star trek/i, "the soft chirp of a comm badge"],
  [/marvel|avengers|spider-man|x-men/i, "a news screen replaying shaky footage of the latest superhero brawl"],
  [/dc comics|batman/i, "a spotlight sweeping the clouds over the city"],
  [/witcher/i, "a wolf medallion trembling faintly against someone’s chest"],
  [/percy jackson/i, "the smell of the sea, which followed demigods everywhere"],
  [/naruto/i, "paper lanterns swaying over the village rooftops"],
  [/my hero academia/i, "a hero agency billboard flickering across the street"],
  [/demon slayer/i, "wisteria blooming pale against the dark"],
  [/avatar|korra/i, "a lantern flame that leaned, very slightly, toward someone’s hand"],
  [/doctor who/i, "a blue police box that had definitely not been there this morning"],
  [/supernatural/i, "salt lines along every windowsill"],
  [/game of thrones|house of the dragon/i, "the shadow of great wings passing over the walls"],
  [/genshin|zelda|pok[eé]mon|final fantasy/i, "a glimmer of old magic in the air, the kind that hinted at a quest"],
];

export interface World {
  /** 'a rain-soaked harbour city ruled by guilds', or a generic place when the setting is unknown. */
  place: string;
  /** The place named again: 'the city'. */
  placeAgain: string;
  senses: Senses;
  task: string[];
  alarm: string;
  /** A detail that nods to the fandom, or null. */
  fandomTouch: string | null;
}

/** The setting's first clause, ready to follow 'over' or 'in'. */
export function placePhrase(setting: string | null, style: "fantasy" | "modern" | "future"): string {
  const fallback = { fantasy: "the old town", modern: "the city", future: "the station" }[style];
  if (!setting) return fallback;
  let phrase = setting
    .replace(/^(the story (is set|takes place)|it(’|')?s set|it is set|set|takes place)\s+(in|on|at)\s+/i, "")
    .split(/(?<=[a-z0-9)])[.;!?]|\s\/\s|\n/)[0]!
    .trim();
  // An aside after a comma ('Hogwarts, a castle full of secrets') is left for the details to show.
  phrase = phrase.split(",")[0]!.split(/\s+/).slice(0, 12).join(" ");
  return phrase === "" ? fallback : lowerArticle(phrase);
}

/** 'a rain-soaked harbour city ruled by guilds' → 'the city'; 'Hogwarts during the war' → 'Hogwarts'. */
export function shortPlace(place: string): string {
  const head = place
    .split(/,|\s(?:ruled|where|in|of|with|that|which|on|at|under|during|full|after|before|from|near|by)\s/)[0]!
    .trim();
  if (!/^(a|an|the)\s/i.test(head)) return head;
  const words = head.split(/\s+/);
  return words.length <= 2 ? `the ${words[words.length - 1]}` : `the ${words[words.length - 1]}`;
}

/** Islands, coasts and harbours of no particular age have the sea's own words, not a castle's. */
const SEA =
  /\b(seas?|oceans?|islands?|isles?|archipelagos?|harbou?rs?|coasts?|coastal|reefs?|lighthouses?|ports?|bays?|shores?|fishing)\b/i;

/** The kind of world whose words a scene uses: the setting decides it. */
export function worldKind(brief: StoryBrief): WorldKind {
  const style = nameStyle(brief);
  return style === "fantasy" && SEA.test(`${brief.setting ?? ""} ${brief.title ?? ""}`) ? "sea" : style;
}

export function buildWorld(brief: StoryBrief, random: Random): World {
  const kind = worldKind(brief);
  const style = kind === "sea" ? "fantasy" : kind;
  const base = BY_STYLE[kind];
  const senses: Senses = { sound: [...base.sound], smell: [...base.smell], sight: [...base.sight] };
  const keywordText = `${brief.setting ?? ""} ${brief.title ?? ""}`;
  const specific = BY_KEYWORD.filter(([pattern]) => pattern.test(keywordText)).map(([, s]) => s);
  // Details that match the setting come first, so the scene sounds like this place and not a generic one.
  for (const s of specific.reverse()) {
    senses.sound.unshift(...s.sound);
    senses.smell.unshift(...s.smell);
    senses.sight.unshift(...s.sight);
  }
  const touches = brief.fandoms.flatMap((f) => FANDOM_TOUCHES.filter(([p]) => p.test(f)).map(([, t]) => t));
  const place = placePhrase(brief.setting, style);
  return {
    place,
    placeAgain: shortPlace(place),
    senses,
    task: base.task,
    alarm: base.alarm,
    fandomTouch: touches.length > 0 ? random.pick(touches) : null,
  };
}

const TITLES = {
  any: [
    "The Long Way Round",
    "A Door Left Open",
    "Borrowed Time",
    "Crossed Paths",
    "Small Mercies",
    "Old Debts",
    "First Light",
    "Fault Lines",
    "The Quiet Before",
  ],
  romance: ["Close Enough to Burn", "Almost", "Under the Same Sky", "A Dangerous Kindness"],
  angst: ["Glass Hearts", "What We Leave Behind", "Ashes and Embers"],
  action: ["Running Out of Time", "No Way Out", "Sparks in the Dark"],
  adventure: ["Where the Map Ends", "Beyond the Last Road"],
  humor: ["A Series of Terrible Ideas", "Nobody Panic"],
  chaos: ["Everything, All at Once", "Controlled Burn"],
};

export function chapterTitle(moods: string[], random: Random): string {
  const pool = [...TITLES.any];
  for (const mood of moods)
    pool.push(...(TITLES[mood as keyof typeof TITLES] ?? []), ...(TITLES[mood as keyof typeof TITLES] ?? []));
  return random.pick(pool);
}
