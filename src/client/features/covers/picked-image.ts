// Which of a story's two images a picker or its crop dialog is about.
export type PickedImage = "cover" | "background";
