// Select or drag a cover, crop it, preview it, remove it. Used by the wizard, the details page and publish.
import { ImagePlus, Trash2, Upload } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { cn } from "../../lib/cn";
import { CoverCropDialog } from "./CoverCropDialog";
import { type CoverValidationMode, STRICT_COVER_ACCEPT, validateCoverFile } from "./validate-cover-file";

/** What the picker holds: a story cover, or a FicForge Plus reader background (wider, behind the story). */
import type { PickedImage } from "./picked-image";

export type { PickedImage };

const PICKED_TEXTS: Record<PickedImage, { preview: string; remove: string }> = {
  cover: { preview: "Cover preview", remove: "Remove cover" },
  background: { preview: "Reader background preview", remove: "Remove background" },
};

export interface CoverPickerProps {
  /** A data URL (newly cropped), an /api/images URL (stored), or null (no cover). */
  value: string | null;
  onChange: (value: string | null) => void;
  aspect: number;
  mode: CoverValidationMode;
  /** A line under the drop zone, e.g. 'Recommended 1200 x 800px'. */
  hint?: string;
  label?: string;
  className?: string;
  subject?: PickedImage;
}

export function CoverPicker({
  value,
  onChange,
  aspect,
  mode,
  hint,
  label = "Cover image",
  className,
  subject = "cover",
}: CoverPickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);

  function take(file: File | undefined) {
    if (!file) return;
    const problem = validateCoverFile(file, mode);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      return;
    }
    setPending(file);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  const frame = { aspectRatio: String(aspect) };

  return (
    <div className={cn("space-y-2", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={mode === "strict" ? STRICT_COVER_ACCEPT : "image/*"}
        className="sr-only"
        onChange={(event) => {
          take(event.target.files?.[0]);
          // Let the same file be picked again after a cancel.
          event.target.value = "";
        }}
      />
      {value ? (
        <div className="relative w-full max-w-sm overflow-hidden rounded-xl border border-brand-100" style={frame}>
          <img src={value} alt={PICKED_TEXTS[subject].preview} className="h-full w-full object-cover" />
          <div className="absolute right-2 top-2 flex gap-2">
            <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
              <Upload className="h-4 w-4" aria-hidden /> Change
            </Button>
            <Button
              size="sm"
              variant="destructive"
              onClick={() => onChange(null)}
              aria-label={PICKED_TEXTS[subject].remove}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> Remove
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex w-full max-w-sm flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center text-sm transition-colors",
            dragging ? "border-brand-500 bg-brand-50" : "border-brand-200 bg-white hover:bg-brand-50/60",
          )}
          style={frame}
        >
          <ImagePlus className="h-8 w-8 text-brand-500" aria-hidden />
          <span className="font-medium text-ink">Click to upload or drag an image here</span>
          <span className="text-xs text-slate-500">
            {mode === "strict" ? "JPEG, PNG or GIF, up to 5MB" : "Any image, up to 5MB"}
          </span>
        </button>
      )}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      <CoverCropDialog
        file={pending}
        aspect={aspect}
        subject={subject}
        onCancel={() => setPending(null)}
        onApply={(dataUrl) => {
          setPending(null);
          onChange(dataUrl);
        }}
      />
    </div>
  );
}
