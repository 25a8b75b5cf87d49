// Word lists the story memory reads names, traits and relationships with. Lower case.

const words = (text: string) => new Set(text.trim().split(/\s+/));

/** Capitalised for reasons other than being a name: pronouns, function words, calendar words, interjections. */
export const COMMON_CAPITALISED = words(`
  i i'm i'd i'll i've me my mine you your yours he him his she her hers it its we us our ours they them their theirs
  the a an and but or nor for so yet if then than when while where why how what who whom whose which that this these
  those there here not no yes yeah oh ah okay ok well still just only even also too very now once after before since
  until because although though as at by from in into of on onto out over to under up with without about above
  across against along among around behind below beneath beside between beyond during inside near off outside past
  through toward towards upon within all any both each every few many more most much none some such one two three
  another other everyone everything someone something nobody nothing anyone anything somewhere everywhere
  do does did don't didn't doesn't can can't could couldn't would wouldn't should shouldn't will won't shall may might
  must is are was were be been being am isn't wasn't aren't weren't have has had having let let's
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
  september october november december spring summer autumn winter christmas easter
  chapter prologue epilogue part book act scene god gods lord sir madam mister miss
  hello hi hey goodbye thanks thank please sorry maybe perhaps never always sometimes today tomorrow yesterday tonight
  english french german latin
`);

/** Titles before a name: kept as a trait ('captain'), never a name. */
export const TITLES = words(`
  captain commander general lieutenant sergeant colonel major admiral professor doctor dr mr mrs ms mx lady lord
  sir dame king queen prince princess duke duchess count countess baron emperor empress detective inspector
  officer agent father mother sister brother aunt uncle grandma grandpa nana saint master mistress
`);

/** Words that usually come before a place, not a person ('in Ravenhold', 'the Mercy'). */
export const PLACE_WORDS = words(`
  in at from into across through toward towards near inside outside the above beneath under onto around past
  beyond within throughout between of on
`);

/** Nouns that name what one character is to another. */
export const RELATION_WORDS = words(`
  brother sister sibling twin mother father mom mum dad parent son daughter child aunt uncle cousin niece nephew
  grandmother grandfather grandma grandpa granddaughter grandson husband wife spouse fiance fiancé fiancée partner
  lover girlfriend boyfriend ex friend friends rival nemesis enemy mentor student apprentice teacher master pupil
  captain boss sidekick ally roommate bodyguard guardian ward squire heir servant maid butler commander
  classmate colleague neighbour neighbor crush protector companion familiar handler
`);

/** Adjectives a character is often given. */
export const ADJECTIVES = words(`
  brave bold fearless reckless cautious careful clever brilliant smart wise cunning sly shrewd foolish naive
  kind gentle warm tender caring generous cruel cold ruthless harsh stern strict grumpy cheerful bubbly sunny
  shy timid quiet loud brash proud humble arrogant vain modest stubborn determined loyal faithful fickle
  honest dishonest secretive mysterious curious nosy lazy diligent tired weary anxious nervous calm serene
  stoic broody moody gloomy melancholy sad lonely angry furious fierce wild feral restless impatient patient
  playful mischievous witty sarcastic charming charismatic awkward clumsy graceful elegant beautiful handsome
  pretty tall short small tiny young old elderly ancient strong weak frail sickly fragile tough hardened
  scarred wounded injured blind deaf mute pale silent talkative dramatic theatrical sweet bitter jealous
  possessive protective overprotective ambitious greedy hungry rich poor noble royal humble exiled cursed
  haunted magical powerful clumsy hopeful hopeless optimistic pessimistic cynical idealistic earnest sincere
  steady reliable unpredictable chaotic orderly meticulous messy scruffy neat famous infamous notorious
  bookish nerdy quirky eccentric odd strange peculiar lovestruck smitten flustered distant aloof reserved
`);

/** A second word that makes a place of the first ('Rowan Lane', 'Ember Academy'), not a surname. */
export const PLACE_SUFFIXES = words(`
  lane street road avenue square alley hall tower castle keep palace academy school college university house manor
  library city town village kingdom empire river lake sea ocean mountain mountains hill hills forest wood woods
  valley bay island isle station port harbour harbor bridge gate pass park church cathedral temple inn tavern
`);
