// The crop step: pick file → crop at a fixed aspect → apply returns a JPEG data URL.
import { useEffect, useRef, useState } from "react";
import ReactCrop, { centerCrop, convertToPixelCrop, makeAspectCrop, type PercentCrop } from "react-image-crop";
import "react-image-crop/dist/ReactCrop.css";
import { CROP_DEFAULT_WIDTH_PERCENT, CROP_NUDGE } from "../../../shared/limits";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { useMediaQuery } from "../../lib/use-media-query";
import type { PickedImage } from "./picked-image";
import { cropToJpegDataUrl } from "./crop-image";

// Keyboard nudge: arrows move 1 px, 10 with Shift, 100 with Ctrl (Cmd on a Mac).
ReactCrop.nudgeStep = CROP_NUDGE.base;
ReactCrop.nudgeStepMedium = CROP_NUDGE.shift;
ReactCrop.nudgeStepLarge = CROP_NUDGE.ctrl;

/** A mouse or trackpad anywhere (a touchscreen laptop too): the keyboard nudge is worth telling about. */
export const FINE_POINTER_QUERY = "(any-pointer: fine)";
export const KEYBOARD_CROP_HINT = "Drag the frame or use the arrow keys (Shift moves 10, Ctrl or Cmd moves 100).";
// NOTE: react-image-crop has no pinch gesture; on touch the frame moves by dragging and resizes by its corners.
export const TOUCH_CROP_HINT = "Drag the frame to move it, or drag a corner to resize it.";

export interface CoverCropDialogProps {
  /** The picked file; the dialog is open while this is set. */
  file: File | null;
  /** Width / height: 1.5 for publish and story cards, 1 for the details page. */
  aspect: number;
  onApply: (dataUrl: string) => void;
  onCancel: () => void;
  subject?: PickedImage;
}

export function initialCrop(aspect: number, width: number, height: number): PercentCrop {
  return centerCrop(
    makeAspectCrop({ unit: "%", width: CROP_DEFAULT_WIDTH_PERCENT }, aspect, width, height),
    width,
    height,
  );
}

export function CoverCropDialog({ file, aspect, onApply, onCancel, subject = "cover" }: CoverCropDialogProps) {
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<PercentCrop>();
  const [applying, setApplying] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  const finePointer = useMediaQuery(FINE_POINTER_QUERY);

  useEffect(() => {
    setCrop(undefined);
    if (!file) {
      setSource(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setSource(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function apply() {
    const image = imageRef.current;
    if (!image || !crop) return;
    setApplying(true);
    try {
      onApply(await cropToJpegDataUrl(image, convertToPixelCrop(crop, image.width, image.height)));
    } catch {
      toast({ title: "Invalid file type", description: "Please select an image file", variant: "destructive" });
    } finally {
      setApplying(false);
    }
  }

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !applying && onCancel()}>
      <DialogContent
        title={subject === "cover" ? "Crop cover image" : "Crop background image"}
        description={finePointer ? KEYBOARD_CROP_HINT : TOUCH_CROP_HINT}
        className="max-w-2xl"
      >
        <div className="flex max-h-[60vh] justify-center overflow-auto rounded-lg bg-slate-100">
          {source && (
            <ReactCrop
              crop={crop}
              aspect={aspect}
              keepSelection
              ruleOfThirds
              onChange={(_pixels, percent) => setCrop(percent)}
            >
              <img
                ref={imageRef}
                src={source}
                alt={subject === "cover" ? "Cover to crop" : "Background to crop"}
                className="max-h-[60vh] w-auto"
                onLoad={(event) => {
                  const { width, height } = event.currentTarget;
                  setCrop(initialCrop(aspect, width, height));
                }}
                onError={() => {
                  toast({
                    title: "Invalid file type",
                    description: "Please select an image file",
                    variant: "destructive",
                  });
                  onCancel();
                }}
              />
            </ReactCrop>
          )}
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel} disabled={applying}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!crop || applying}>
            {applying && <Spinner className="h-4 w-4" label="Applying crop" />}
            Apply crop
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
