// A realistic three-chapter story for the story memory's tests: the writer's first chapter, then two chapters
// Marin wrote (in generated-content wrappers, the second and third inside chapter sections).
const p = (text: string) => `<p>${text}</p>`;
const generated = (inner: string) =>
  `<div class="generated-content" data-model="Offline storyteller" data-generated-at="2026-11-22T10:00:00.000Z">${inner}</div>`;
const chapter = (n: number, inner: string) =>
  `<section class="chapter" data-chapter="${n}">${generated(inner)}</section>`;

export const MEMORY_STORY_CHARACTERS = {
  lead: ["Stoic", "Sunbeam"],
  supporting: ["Mastermind"],
  description:
    "Ren is a stoic swordsman who guards the northern pass. Mika, his sister, is a sunbeam who talks to crows.",
};

export const MEMORY_STORY_HTML = [
  "<h2>Chapter 1: The Pass</h2>",
  p("Snow had closed the northern pass for nine days when the stranger came up the road."),
  p(
    "Ren watched him from the gatehouse, one hand on his sword. The stranger wore a grey coat and walked as if the cold belonged to him.",
  ),
  p(
    "'Another traveller who thinks the mountain is a shortcut,' Mika said, scattering bread for the crows. Ren did not answer; he rarely did.",
  ),
  p(
    "The man stopped at the gate and gave his name as Corvin Ash. He carried a letter sealed with the mark of Queen Isolde, and he smiled too much.",
  ),
  p("That night Mika and Ren argued in the kitchen about whether to let him through. Ren lost, as he usually did."),
  chapter(
    2,
    [
      "<h2>Chapter 2: The Letter</h2>",
      p("By morning the letter had been opened, and nobody would admit to it."),
      p(
        "Corvin sat by the fire, patient and polite, while Mika read the letter aloud. It named Ren as the last living heir of the old wardens.",
      ),
      p("Ren said it was a lie. Mika said lies were rarely written on such good paper."),
      p(
        "Corvin, Ren's rival from the academy days, only smiled. He had wanted the wardens' sword for years, and now he had a reason to stay.",
      ),
    ].join(""),
  ),
  chapter(
    3,
    [
      "<h2>Chapter 3: Crows</h2>",
      p("The crows woke Mika before dawn, shrieking at the gate."),
      p("She found Corvin in the yard with the sword in his hands, and her brother Ren lying in the snow."),
    ].join(""),
  ),
].join("");
