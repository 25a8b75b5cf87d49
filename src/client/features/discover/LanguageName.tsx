// Issue 31: a work's language by its own name ("Français"), marked as written in it, on cards and in the reader.
import { Languages } from "lucide-react";
import { languageName } from "../../../shared/languages";
import { cn } from "../../lib/cn";

export function LanguageName({ code, className }: { code: string | undefined; className?: string }) {
  if (!code) return null;
  return (
    <span className={cn("inline-flex items-center gap-1", className)} data-testid="work-language">
      <Languages className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="sr-only">Language: </span>
      <span lang={code}>{languageName(code)}</span>
    </span>
  );
}
