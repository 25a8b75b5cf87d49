// Word lists the bench data is built from. Plain words only: nothing here trips the NSFW rule by accident.

// NOTE: kept as one string per list so the formatter does not spread them over hundreds of lines.
const words = (text: string) => text.trim().split(/\s+/);
const phrases = (text: string) => text.split("|").map((p) => p.trim());

export const HANDLES = words(`ink quill moon star ember raven fox lark sage fern mist nova echo rune wren ash cinder
  pixel velvet comet briar tide frost maple onyx lyric muse saga ivy orbit petal storm quartz amber hazel juniper koi
  lotus nimbus opal pip reverie sparrow thistle umbra vesper willow yarrow zephyr bramble`);

export const FIRST_NAMES = words(`Aria Bastian Cassia Dorian Elowen Finn Gwen Hiro Isolde Jun Kestrel Lior Mira Nico
  Odette Percy Quinn Rhea Silas Tamsin Ulric Vera Wynn Xiomara Yuki Zara Alder Briony Caspian Delphine Emrys Freya
  Gideon Hana Ilya Juno Kai Luca Marlowe Nadia Orin Priya Rook Sora Theo Ines Ren Saoirse Tobias Vale`);

export const ADJECTIVES = words(`silent crimson hollow golden forgotten midnight broken gilded restless quiet burning
  distant wandering shattered velvet endless secret last borrowed painted frozen tangled wild gentle stolen silver
  lonely hidden brave bitter sleepless starlit clockwork drowned fragile ancient reckless faded luminous unwritten`);

export const NOUNS = words(`crown river letter lantern garden sword promise archive harbor compass mirror storm
  library orchard tower melody ember map shadow tide observatory bridge oath feather kingdom train teacup violin
  constellation lighthouse duel spell locket rooftop festival academy starship forest carnival cathedral market winter`);

export const TRAITS = words(`reckless gentle brilliant guarded loyal sarcastic cheerful cunning shy fierce patient
  restless kind proud clumsy fearless secretive earnest`);

export const VERBS = words(`finds loses steals guards remembers breaks mends follows hides answers forges chases
  betrays rescues discovers burns keeps trades writes hears`);

export const PLACES = phrases(`the old academy | a rain-soaked city | the northern border | a floating market |
  the palace kitchens | an abandoned space station | the edge of the map | a seaside inn | the royal archives |
  a mountain monastery | the last train home | a haunted lighthouse | the underground arena | a sleepy village |
  the festival grounds | a greenhouse on the moon | the dragon roosts | a bookshop that never closes |
  the frozen lake | a rooftop garden`);

export const ACTIONS = phrases(`whispered | laughed | hesitated | turned away | reached out | looked up | sighed |
  froze | smiled | stepped closer | ran | waited | listened | kept walking | held their breath | shook their head`);

export const SENSES = phrases(`The air smelled of rain and old paper | Somewhere a bell rang twice |
  Candlelight trembled on the walls | The wind carried the sound of distant drums | Frost crept along the window glass |
  The city hummed below them like a sleeping animal | Ash drifted down like grey snow |
  Every clock in the room had stopped at midnight | The sea hissed against the rocks |
  Lanterns swayed above the crowded street | The hallway was colder than it had any right to be |
  Static crackled over the comms | The scent of cinnamon drifted in from the kitchens`);

export const STAKES = phrases(`a promise they had sworn never to break | the weight of everything left unsaid |
  a name they had tried to forget | the map that should not exist | a debt older than either of them |
  the last letter their mentor ever wrote | a rival who knew them too well | a door that only opened at dawn |
  the secret hidden in the melody | the crown nobody wanted | a spell that was never meant to be cast |
  a friend who had changed sides`);

export const COMMENTS = phrases(`I love this so much! | The slow burn is killing me, in the best way. |
  Please update soon! | That last line gave me chills. | The worldbuilding here is incredible. |
  I did not see that twist coming. | These two deserve the world. | Reread this three times already. |
  The dialogue feels so natural. | Chapter two when? | The atmosphere is perfect. | I'm emotionally compromised. |
  Beautifully written. | This made my whole week. | I need a sequel immediately.`);
