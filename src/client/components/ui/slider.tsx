// Radix slider in the brand style: one thumb, keyboard and pointer accessible.
import * as SliderPrimitive from "@radix-ui/react-slider";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function Slider({ className, "aria-label": ariaLabel, ...props }: ComponentProps<typeof SliderPrimitive.Root>) {
  return (
    <SliderPrimitive.Root
      className={cn("relative flex h-5 w-full touch-none select-none items-center", className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-brand-100">
        <SliderPrimitive.Range className="absolute h-full bg-gradient-to-r from-brand-500 to-pink-500" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={ariaLabel}
        className="block h-5 w-5 cursor-grab rounded-full border-2 border-brand-600 bg-white shadow transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-200 disabled:pointer-events-none"
      />
    </SliderPrimitive.Root>
  );
}
