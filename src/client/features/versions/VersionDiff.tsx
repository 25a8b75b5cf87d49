// A version against the current text, word by word: words added since are marked, words since removed struck
// through; unchanged paragraphs far from a change fold into one line. Wraps at any width (390 px included).
import type { DiffPart } from "../../../shared/schemas/versions";

export function VersionDiff({ parts, truncated }: { parts: DiffPart[]; truncated: boolean }) {
  if (parts.length === 0) return <p className="text-sm text-slate-600">Same as your current text.</p>;
  return (
    <div
      className="font-serif text-[15px] leading-relaxed break-words whitespace-pre-wrap text-ink"
      data-testid="version-diff"
    >
      {parts.map((part, i) => {
        // NOTE: parts are never reordered; the index is their identity.
        const key = i;
        if (part.kind === "gap")
          return (
            <span key={key} className="my-2 block font-sans text-xs text-slate-500 italic">
              … {part.paragraphs} unchanged {part.paragraphs === 1 ? "paragraph" : "paragraphs"} …
            </span>
          );
        if (part.kind === "added")
          return (
            <ins key={key} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
              <span className="sr-only">[added: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          );
        if (part.kind === "removed")
          return (
            <del key={key} className="rounded-sm bg-rose-100 text-rose-900 line-through decoration-rose-700">
              <span className="sr-only">[removed: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          );
        return <span key={key}>{part.text}</span>;
      })}
      {truncated ? (
        <span className="mt-2 block font-sans text-xs text-slate-500">
          The change is too long to show whole; restoring brings back the version in full.
        </span>
      ) : null}
    </div>
  );
}
