// Rows for PostgreSQL's `COPY ... FROM STDIN` in its text format: one line per row, columns separated by tabs,
// NULL written \N, and backslash, tab, newline and carriage return escaped with a backslash (the only characters
// the format gives meaning to). Arrays are written as array literals, then escaped like any other text.

export type CopyValue = string | number | boolean | Date | null | undefined | readonly string[] | object;

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** Text as one COPY text-format field. */
export function copyText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : text;
}

/** A text[] literal: every element double-quoted, with `"` and `\` escaped inside the quotes. */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/** One value as a field: null and undefined as NULL, dates as ISO timestamps, arrays as text[], objects as JSON. */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "string") return copyText(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`COPY field: not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return copyText(arrayLiteral(value as readonly string[]));
  return copyText(JSON.stringify(value));
}

/** One row as a line, newline included. */
export function copyLine(values: readonly CopyValue[]): string {
  let line = "";
  for (let i = 0; i < values.length; i++) line += (i === 0 ? "" : "\t") + copyField(values[i]);
  return `${line}\n`;
}
