// Toasts per SPEC.md section 9: one visible at a time, top on mobile, bottom right on wider screens, 420 px wide.
import { Toaster as Sonner, toast as sonnerToast } from "sonner";
import { TOAST_LIMIT, TOAST_MAX_WIDTH_PX } from "../../../shared/limits";
import { useMediaQuery } from "../../lib/use-media-query";

const WIDE = "(min-width: 640px)";

export function Toaster() {
  const wide = useMediaQuery(WIDE);
  return (
    <Sonner
      position={wide ? "bottom-right" : "top-center"}
      visibleToasts={TOAST_LIMIT}
      closeButton
      richColors
      style={{ ["--width" as string]: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - 32px))` }}
    />
  );
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** SPEC.md's toasts: a title, a description, destructive unless noted. */
export function toast({ title, description, variant = "default" }: ToastInput) {
  return variant === "destructive"
    ? sonnerToast.error(title, { description })
    : sonnerToast.success(title, { description });
}
