// The details page's FicForge Plus "Reader background": premium authors pick a wide image that readers see behind
// the story, preview it and remove it; it is saved with the rest of the form. Free authors see the perk locked.
import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { FieldError } from "../../components/ui/input";
import { CoverPicker } from "../covers";
import { PerkBadge, PlusLockedNote } from "../perks/PlusLockedNote";

/**
 * Width / height of the cropped background. NOTE: wider than a cover because it fills the page behind the text;
 * 16:9 crops little on laptop screens, and the reader centres it (`cover`) on tall phone screens. The crop's
 * longest side is 1600 px (covers' COVER_OUTPUT_MAX_SIDE), what the server keeps of any image anyway.
 */
export const READER_BACKGROUND_ASPECT = 16 / 9;

export const BACKGROUND_TEXT = "Readers see this picture behind your story, softened so the text stays easy to read.";
export const BACKGROUND_LOCKED_TEXT = "Reader backgrounds come with FicForge Plus.";
export const BACKGROUND_INACTIVE_TEXT = "Readers don't see this background while you're not on FicForge Plus.";

export interface ReaderBackgroundFieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  isPremium: boolean;
  error?: string;
}

export function ReaderBackgroundField({ value, onChange, isPremium, error }: ReaderBackgroundFieldProps) {
  return (
    <section aria-labelledby="reader-background-heading" className="space-y-3" data-testid="reader-background">
      <div className="space-y-1">
        <h2 id="reader-background-heading" className="flex items-center gap-2 text-base font-semibold text-ink">
          Reader background <PerkBadge locked={!isPremium}>Plus</PerkBadge>
        </h2>
        <p className="text-sm text-slate-600">{BACKGROUND_TEXT}</p>
      </div>
      {isPremium ? (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <CoverPicker
            value={value}
            onChange={onChange}
            aspect={READER_BACKGROUND_ASPECT}
            mode="strict"
            subject="background"
            label="Background image"
            hint="A wide picture works best. It stays in place while the story scrolls over it."
          />
          {value ? <ReaderPreview image={value} /> : null}
        </div>
      ) : (
        <LockedBackground value={value} onRemove={() => onChange(null)} />
      )}
      <FieldError message={error} />
    </section>
  );
}

/** A miniature of the reader: the picture, dimmed, behind the story's paper panel (see reader.css). */
function ReaderPreview({ image }: { image: string }) {
  return (
    <figure className="space-y-2" data-testid="reader-background-mock">
      <figcaption className="text-sm font-medium text-ink">How readers see it</figcaption>
      <div
        aria-hidden
        className="relative aspect-video w-full max-w-sm overflow-hidden rounded-xl border border-brand-100 bg-cover bg-center"
        style={{ backgroundImage: `url(${JSON.stringify(image)})` }}
      >
        <div className="absolute inset-0 bg-gradient-to-b from-ink/20 to-ink/40" />
        <div className="absolute inset-x-[16%] top-[12%] bottom-0 space-y-2 rounded-t-lg bg-white/95 p-3 shadow-lg">
          <div className="h-2.5 w-2/3 rounded-full bg-ink/80" />
          <div className="h-1.5 w-1/3 rounded-full bg-slate-400" />
          {["w-full", "w-11/12", "w-full", "w-4/5", "w-full"].map((width, i) => (
            <div key={i} className={`h-1.5 rounded-full bg-slate-300 ${width}`} />
          ))}
        </div>
      </div>
    </figure>
  );
}

/** A background kept from a past subscription can still be removed (removing is free; a new one is not). */
function LockedBackground({ value, onRemove }: { value: string | null; onRemove: () => void }) {
  return (
    <div className="space-y-3">
      <PlusLockedNote>{BACKGROUND_LOCKED_TEXT}</PlusLockedNote>
      {value ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={value}
            alt="Reader background preview"
            className="aspect-video w-40 rounded-lg border border-brand-100 object-cover opacity-70"
          />
          <div className="space-y-2 text-sm text-slate-600">
            <p>{BACKGROUND_INACTIVE_TEXT}</p>
            <Button size="sm" variant="outline" onClick={onRemove} aria-label="Remove background">
              <Trash2 className="h-4 w-4" aria-hidden /> Remove
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
