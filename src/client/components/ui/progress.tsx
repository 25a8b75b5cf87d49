// Radix progress bar; `value` is a percentage.
import * as ProgressPrimitive from "@radix-ui/react-progress";
import { cn } from "../../lib/cn";

export function Progress({ value, className, label }: { value: number; className?: string; label?: string }) {
  return (
    <ProgressPrimitive.Root
      value={value}
      aria-label={label}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-brand-100", className)}
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-gradient-to-r from-brand-600 to-pink-500 transition-[width] duration-300"
        style={{ width: `${value}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
