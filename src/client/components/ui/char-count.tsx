// A live "used/max" counter under a text field; it turns orange at the limit.
import { cn } from "../../lib/cn";

export function CharCount({
  id,
  value,
  max,
  className,
}: {
  id?: string;
  value: string;
  max: number;
  className?: string;
}) {
  const atLimit = value.length >= max;
  return (
    <span
      id={id}
      aria-live="polite"
      className={cn("text-xs tabular-nums", atLimit ? "font-semibold text-orange-600" : "text-slate-500", className)}
    >
      {value.length}/{max}
    </span>
  );
}
