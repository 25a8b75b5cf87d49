// Toasts (one visible at a time, 420 px wide), with one change from issue 7: they sit at
// the top on every width (centred on phones, right on wider screens) instead of bottom right, because there
// they covered the buttons at the foot of dialogs and forms ('Publish Story', 'Save Changes'). Dialogs keep
// out of that top band (the `dialog-frame` utility in styles.css), and a toast is clamped so it fits the band.
import { Toaster as Sonner, toast as sonnerToast } from "sonner";
import { TOAST_LIMIT, TOAST_MAX_WIDTH_PX } from "../../../shared/limits";
import { useMediaQuery } from "../../lib/use-media-query";

const WIDE = "(min-width: 640px)";
/** Distance from the viewport's edges; --toast-band in styles.css counts it. */
const OFFSET_PX = 16;

export function Toaster() {
  const wide = useMediaQuery(WIDE);
  return (
    <Sonner
      position={wide ? "top-right" : "top-center"}
      offset={OFFSET_PX}
      mobileOffset={OFFSET_PX}
      visibleToasts={TOAST_LIMIT}
      closeButton
      richColors
      toastOptions={{ classNames: { title: "line-clamp-1", description: "line-clamp-2" } }}
      style={{ ["--width" as string]: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - ${2 * OFFSET_PX}px))` }}
    />
  );
}

export interface ToastInput {
  title: string;
  description?: string;
  /** "info": neither a success nor an error (a checkout the user canceled). */
  variant?: "default" | "destructive" | "info";
}

/** A toast: a title, a description, destructive unless noted. */
export function toast({ title, description, variant = "default" }: ToastInput) {
  if (variant === "destructive") return sonnerToast.error(title, { description });
  if (variant === "info") return sonnerToast.info(title, { description });
  return sonnerToast.success(title, { description });
}
