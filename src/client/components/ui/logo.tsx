import { Feather } from "lucide-react";
import { cn } from "../../lib/cn";

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex h-9 w-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-pink-600 text-white shadow-md",
        className,
      )}
    >
      <Feather className="h-5 w-5" aria-hidden />
    </span>
  );
}
