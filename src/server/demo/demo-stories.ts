// Demo stories for a fresh install, so Discover has something to show. All prose is original.

export interface DemoStory {
  title: string;
  description: string;
  author: number;
  fandoms: string[];
  themes: string[];
  moods: Record<string, number>;
  tags: string[];
  palette: [string, string, string];
  paragraphs: string[];
}

export const DEMO_AUTHORS = [
  { username: "inkwell_ivy", description: "Slow burns, long letters and rainy libraries." },
  { username: "starlit_quill", description: "Space operas and found families." },
  { username: "midnight_muse", description: "Cozy mysteries with a bite." },
];

const moods = (romance: number, angst: number, humor: number, adventure: number, action: number) => ({
  romance,
  angst,
  humor,
  spice: 10,
  chaos: 25,
  adventure,
  action,
});

export const DEMO_STORIES: DemoStory[] = [
  {
    title: "The Cartographer of Lost Libraries",
    description: "A junior archivist discovers that the library's oldest map redraws itself every night.",
    author: 0,
    fandoms: ["Discworld"],
    themes: ["adventure", "slow-burn"],
    moods: moods(40, 20, 55, 80, 30),
    tags: ["Fantasy", "Magic", "Adventure"],
    palette: ["#3b1d5e", "#c0468a", "#f6c177"],
    paragraphs: [
      "Nobody warned Wren that the map in the east reading room breathed. It was only a faint rise and fall of vellum, the kind of thing you could blame on a draught, if the east reading room had windows.",
      "On her third night shift she brought a lamp and a notebook and sat with it until the clocks agreed it was midnight. At the stroke, a new corridor inked itself between Astronomy and Unfinished Correspondence, and a tiny script at its end read: you are expected.",
      "She should have filed a report. Instead she packed two pencils, a sandwich and the stubbornness her grandmother had called a family heirloom, and walked into a hallway that had not existed the day before.",
    ],
  },
  {
    title: "Orbit of Small Mercies",
    description: "A smuggler, a stowaway prince and a ship that refuses to fly without snacks.",
    author: 1,
    fandoms: ["Star Wars"],
    themes: ["friends-to-lovers", "adventure"],
    moods: moods(45, 25, 70, 75, 55),
    tags: ["Sci-Fi", "Space", "Comedy"],
    palette: ["#0b1d3a", "#2f6fdb", "#9be7ff"],
    paragraphs: [
      "The Mercy had opinions. Captain Lio Varr had learned to respect them after the ship vented the galley because he forgot her maintenance day.",
      "So when the hold alarm chimed its polite little chime, the one that meant something alive was where cargo should be, Lio did not reach for his blaster. He reached for the cookie tin.",
      "The stowaway behind the ration crates wore a coat worth more than the ship and an expression of deep, royal offence. 'I demand asylum,' he said, then, after a pause, 'and whatever is in that tin.'",
    ],
  },
  {
    title: "Tea at the End of the World",
    description: "Two rival hedge witches are the last people left in a village the fog forgot.",
    author: 2,
    fandoms: ["Good Omens"],
    themes: ["enemies-to-lovers", "slow-burn"],
    moods: moods(65, 40, 50, 30, 10),
    tags: ["Romance", "Supernatural", "Slice of Life"],
    palette: ["#1f3b2c", "#6a994e", "#f2e8cf"],
    paragraphs: [
      "When the fog took the village, it took the people and left the gardens. Marisol found that insulting on behalf of her roses.",
      "The only other soul who stayed was Agnes Thorne, whose kettle had been Marisol's enemy for eleven years across a shared hedge. The fog did not seem to want Agnes either. Marisol understood the fog perfectly.",
      "On the fourth grey morning a knock came at her door. Agnes stood there holding two cups and a look of great reluctance. 'Truce,' she said, 'until the world comes back. Milk, no sugar, and don't you dare comment.'",
    ],
  },
  {
    title: "Ninth Floor, No Heroes",
    description: "An office intern at a superhero agency keeps getting mistaken for a villain.",
    author: 1,
    fandoms: ["My Hero Academia"],
    themes: ["action", "alternate-universe"],
    moods: moods(20, 15, 85, 50, 65),
    tags: ["Action", "Comedy", "School"],
    palette: ["#3d0c11", "#d62828", "#fcbf49"],
    paragraphs: [
      "Kenji's quirk was that printers worked when he stood near them. It was not a combat quirk. It was, however, a quirk, and that was enough for the agency to hire him for the ninth floor.",
      "It was also enough, apparently, for the Crimson Patrol to tackle him through a glass door when the copier on eight started spitting out wanted posters by itself.",
      "'In my defence,' Kenji said from under three hundred pounds of hero, 'those posters are beautifully aligned.'",
    ],
  },
  {
    title: "Songs for a Drowned Kingdom",
    description: "A siren who cannot sing and a lighthouse keeper who cannot sleep.",
    author: 0,
    fandoms: ["The Witcher"],
    themes: ["slow-burn", "alternate-universe"],
    moods: moods(70, 60, 20, 40, 15),
    tags: ["Fantasy", "Romance", "Drama"],
    palette: ["#03045e", "#0077b6", "#90e0ef"],
    paragraphs: [
      "Every siren in the Salt Court could drown a ship with a single note. Nerys could make seagulls uncomfortable.",
      "She was sent to the lighthouse at Carrow Point as a punishment: sing the keeper into the sea, or do not come home. She climbed the rocks at dusk and opened her mouth and produced a sound like a kettle in distress.",
      "The keeper, a tired man with ink on his fingers, leaned out of the window. 'That's the first thing in a year,' he said, 'that's made me want to laugh. Do it again?'",
    ],
  },
  {
    title: "The Quiet Detective of Rowan Lane",
    description: "A retired detective, a stolen pie and a neighbourhood full of suspects.",
    author: 2,
    fandoms: ["Sherlock"],
    themes: ["from-scratch"],
    moods: moods(15, 10, 75, 45, 20),
    tags: ["Mystery", "Comedy", "Slice of Life"],
    palette: ["#2b2d42", "#8d99ae", "#edf2f4"],
    paragraphs: [
      "Inspector Hale had retired to Rowan Lane for the silence. Rowan Lane had other plans.",
      "The blackberry pie vanished from Mrs Okafor's windowsill at exactly ten past four, which Hale knew because he had been pretending not to watch it cool.",
      "By five o'clock he had a notebook, three suspects, a dog with purple whiskers and the distinct, unwelcome feeling of being alive again.",
    ],
  },
  {
    title: "Ashes of the Ember Academy",
    description: "A scholarship student at a school for fire mages hides that her flames are cold.",
    author: 1,
    fandoms: ["Avatar: The Last Airbender"],
    themes: ["adventure", "enemies-to-lovers"],
    moods: moods(50, 45, 30, 70, 60),
    tags: ["Fantasy", "School", "Magic"],
    palette: ["#370617", "#e85d04", "#ffba08"],
    paragraphs: [
      "The entrance trial was simple: light the brazier. Two hundred candidates did it with a flick of the wrist. Tamsin did it by concentrating very hard and hoping nobody touched the fire.",
      "Nobody did, except the headmaster's son, who had been watching her with the focused suspicion of a cat at a locked door. He held his palm over the flames, frowned, and said nothing at all.",
      "That night a note slid under her dormitory door. It said, in a very neat hand: I know. Meet me at the bell tower. Bring gloves.",
    ],
  },
  {
    title: "Letters to the Boy in Apartment 4B",
    description: "Two neighbours who have never met fall for each other through notes on a shared mailbox.",
    author: 0,
    fandoms: ["Heartstopper"],
    themes: ["friends-to-lovers", "slow-burn"],
    moods: moods(80, 25, 60, 10, 5),
    tags: ["Romance", "Slice of Life", "Drama"],
    palette: ["#5f0f40", "#9a031e", "#fb8b24"],
    paragraphs: [
      "The first note was a complaint. Your music is very loud, it said, and also very good, which is worse.",
      "The reply came folded into a paper crane: Sorry. I'll turn it down. What do you want to hear instead?",
      "By October the mailbox was full of cranes, and Theo had learned that 4B burned toast every Sunday, cried at cereal adverts and had never once signed his name.",
    ],
  },
  {
    title: "Frostbound",
    description: "A courier races a blizzard across the northern passes with a letter that could end a war.",
    author: 2,
    fandoms: ["The Elder Scrolls V: Skyrim"],
    themes: ["action", "adventure"],
    moods: moods(25, 40, 25, 85, 75),
    tags: ["Adventure", "Action", "Fantasy"],
    palette: ["#0d1b2a", "#415a77", "#e0e1dd"],
    paragraphs: [
      "The letter weighed nothing. Asha had carried heavier things across these mountains: grain, grudges, a goat that bit.",
      "But the seal on it was the jarl's own, and the two riders who had followed her since the river wore no colours at all.",
      "At the foot of the pass the wind changed its voice. Asha tightened her scarf, checked her knives and started to climb.",
    ],
  },
];
