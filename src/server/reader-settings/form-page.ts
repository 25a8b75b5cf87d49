// GET /reader-settings: the public pages' way to reach the reader's settings without script. A small form that posts
// to POST /reader-settings (routes.ts) and comes back to the page it was opened from (`back`); it is itself drawn
// with the settings it shows, and a sample paragraph shows them on story text.
import {
  DEFAULT_READER_SETTINGS,
  READER_FONTS,
  READER_LABELS,
  READER_SETTINGS_PATH,
  READER_SIZES,
  READER_SPACINGS,
  READER_THEMES,
  READER_WIDTHS,
  type ReaderSettings,
} from "../../shared/schemas/reader-settings";
import { htmlDocument, noindexHead } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PAGE_CSS, SITE_FOOTER, SITE_HEADER } from "../html/site";

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

function choices<T extends string | number>(
  name: keyof ReaderSettings,
  legend: string,
  values: readonly T[],
  label: (value: T) => string,
  current: T,
): string {
  const options = values
    .map(
      (value) =>
        `<label><input type="radio" name="${name}" value="${value}"${value === current ? " checked" : ""}><span>${e(label(value))}</span></label>`,
    )
    .join("");
  return `<fieldset><legend>${legend}</legend><div class="opts">${options}</div></fieldset>`;
}

const SIZE_LABELS: Record<number, string> = { 1: "Smallest", 2: "Small", 3: "Medium", 4: "Large", 5: "Largest" };

export const SAVED_NOTE = "Your reading settings are saved.";
const SAMPLE =
  "The lanterns along the harbour wall came on one by one, and Mara counted them the way she had as a child: not to know how many there were, but to be sure none had been forgotten.";

export interface FormPageModel {
  settings: ReaderSettings | null;
  /** The page to go back to after saving (a local path), or null: then the form comes back to itself. */
  back: string | null;
  signedIn: boolean;
  saved: boolean;
}

export function renderReaderSettingsPage(model: FormPageModel): string {
  const s = model.settings ?? DEFAULT_READER_SETTINGS;
  const where = model.signedIn ? "wherever you sign in" : "in this browser";
  const form = `<form method="post" action="${READER_SETTINGS_PATH}" class="rsform">
${model.back ? `<input type="hidden" name="back" value="${e(model.back)}">` : ""}
${choices("font", "Font", READER_FONTS, (v) => READER_LABELS.font[v], s.font)}
${choices("size", "Text size", range(READER_SIZES.min, READER_SIZES.max), (v) => SIZE_LABELS[v]!, s.size)}
${choices("width", "Line width", READER_WIDTHS, (v) => READER_LABELS.width[v], s.width)}
${choices("spacing", "Line spacing", range(READER_SPACINGS.min, READER_SPACINGS.max), (v) => READER_LABELS.spacing[v]!, s.spacing)}
${choices("theme", "Theme", READER_THEMES, (v) => READER_LABELS.theme[v], s.theme)}
<label class="check"><input type="checkbox" name="hideTags" value="1"${s.hideTags ? " checked" : ""}><span>${READER_LABELS.hideTags}</span></label>
<p class="acts"><button class="btn" type="submit">Save</button>${model.back ? `<a href="${e(model.back)}">Back without saving</a>` : ""}</p>
</form>`;
  return htmlDocument(
    `${noindexHead("Reading settings", PAGE_CSS)}`,
    `${SITE_HEADER}
<main class="page" id="reading-settings">
<h1>Reading settings</h1>
<p>How stories read for you ${where}: the font, size, line width and spacing of the text, the page's theme, and whether works show their warnings and tags.</p>
${model.saved ? `<p class="saved" role="status">${SAVED_NOTE}</p>` : ""}
${form}
<section aria-labelledby="preview-title" class="preview"><h2 id="preview-title">Preview</h2><div class="prose"><p>${SAMPLE}</p></div></section>
</main>
${SITE_FOOTER}`,
  );
}
