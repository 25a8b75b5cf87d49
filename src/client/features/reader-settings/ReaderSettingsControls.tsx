// The reader's settings as controls (the reader's 'Aa' panel and Settings): font, size, width, spacing and theme,
// each a group of radio buttons, optionally 'Hide warnings and tags until I choose', and a live preview of story text.
import {
  READER_FONTS,
  READER_LABELS,
  READER_SIZES,
  READER_SPACINGS,
  READER_THEMES,
  READER_WIDTHS,
  type ReaderSettings,
} from "../../../shared/schemas/reader-settings";
import { cn } from "../../lib/cn";
import { ReaderTheme } from "./ReaderTheme";
import "../reader/reader.css";

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
const SIZE_LABELS: Record<number, string> = { 1: "Smallest", 2: "Small", 3: "Medium", 4: "Large", 5: "Largest" };
export const PREVIEW_TEXT =
  "The lanterns along the harbour wall came on one by one, and Mara counted them the way she had as a child: not to know how many there were, but to be sure none had been forgotten.";

function Choices<T extends string | number>({
  name,
  legend,
  values,
  label,
  current,
  onPick,
  columns,
}: {
  name: string;
  legend: string;
  values: readonly T[];
  label: (value: T) => React.ReactNode;
  current: T;
  onPick: (value: T) => void;
  columns: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className={cn("mt-1.5 grid gap-1.5", columns)}>
        {values.map((value) => (
          <label
            key={value}
            className={cn(
              "relative flex min-h-9 cursor-pointer items-center justify-center rounded-lg border px-2 py-1.5 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400",
              current === value
                ? "border-brand-600 bg-brand-600 font-semibold text-white"
                : "border-brand-200 text-slate-700 hover:bg-brand-50",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={value}
              checked={current === value}
              onChange={() => onPick(value)}
            />
            {label(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ReaderSettingsControls({
  settings,
  onChange,
  withHideTags = false,
  idPrefix,
}: {
  settings: ReaderSettings;
  onChange: (settings: ReaderSettings) => void;
  withHideTags?: boolean;
  /** Keeps radio group names apart when two sets of controls are on one page. */
  idPrefix: string;
}) {
  const set = <K extends keyof ReaderSettings>(key: K, value: ReaderSettings[K]) =>
    onChange({ ...settings, [key]: value });
  return (
    <div className="space-y-4" data-testid={`${idPrefix}-reader-settings`}>
      <Choices
        name={`${idPrefix}-font`}
        legend="Font"
        values={READER_FONTS}
        label={(v) => READER_LABELS.font[v]}
        current={settings.font}
        onPick={(v) => set("font", v)}
        columns="grid-cols-2 min-[420px]:grid-cols-3"
      />
      <Choices
        name={`${idPrefix}-size`}
        legend="Text size"
        values={range(READER_SIZES.min, READER_SIZES.max)}
        label={(v) => (
          <>
            <span aria-hidden style={{ fontSize: `${0.7 + v * 0.12}rem` }}>
              A
            </span>
            <span className="sr-only">{SIZE_LABELS[v]}</span>
          </>
        )}
        current={settings.size}
        onPick={(v) => set("size", v)}
        columns="grid-cols-5"
      />
      <Choices
        name={`${idPrefix}-width`}
        legend="Line width"
        values={READER_WIDTHS}
        label={(v) => READER_LABELS.width[v]}
        current={settings.width}
        onPick={(v) => set("width", v)}
        columns="grid-cols-3"
      />
      <Choices
        name={`${idPrefix}-spacing`}
        legend="Line spacing"
        values={range(READER_SPACINGS.min, READER_SPACINGS.max)}
        label={(v) => READER_LABELS.spacing[v]}
        current={settings.spacing}
        onPick={(v) => set("spacing", v)}
        columns="grid-cols-3"
      />
      <Choices
        name={`${idPrefix}-theme`}
        legend="Theme"
        values={READER_THEMES}
        label={(v) => READER_LABELS.theme[v]}
        current={settings.theme}
        onPick={(v) => set("theme", v)}
        columns="grid-cols-2 sm:grid-cols-4"
      />
      {withHideTags && (
        <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-600"
            checked={settings.hideTags}
            onChange={(event) => set("hideTags", event.target.checked)}
          />
          {READER_LABELS.hideTags}
        </label>
      )}
      <div>
        <p className="text-sm font-medium text-ink" id={`${idPrefix}-preview-label`}>
          Preview
        </p>
        <ReaderTheme settings={settings} className="mt-1.5 overflow-hidden rounded-xl border border-brand-100">
          <section className="px-4 py-3" aria-labelledby={`${idPrefix}-preview-label`}>
            <p className="reader-prose m-0" data-testid={`${idPrefix}-preview`}>
              {PREVIEW_TEXT}
            </p>
          </section>
        </ReaderTheme>
      </div>
    </div>
  );
}
