// The browse page's search box: typing is debounced before it reaches the URL (and so the query).
import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DISCOVER_LIMITS } from "../../../shared/schemas/reading";
import { Input, Label } from "../../components/ui/input";

export const SEARCH_DEBOUNCE_MS = 300;

export function SearchBox({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const [text, setText] = useState(value);
  const committed = useRef(value);

  // The URL changed from outside (back button, a shared link, 'Clear filters'): show its query.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = q;
      onCommit(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onCommit]);

  return (
    <div className="space-y-1.5">
      <Label htmlFor="discover-search">Search stories</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          id="discover-search"
          type="search"
          value={text}
          maxLength={DISCOVER_LIMITS.queryChars}
          placeholder="Title, tag or fandom"
          onChange={(event) => setText(event.target.value)}
          className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setText("")}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-1 text-slate-400 hover:bg-brand-50 hover:text-ink"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}
