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
export const BACKGROUND_LOCKED_TEXT = "Give readers a background picture behind your story with FicForge Plus.";
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
        <CoverPicker
          value={value}
          onChange={onChange}
          aspect={READER_BACKGROUND_ASPECT}
          mode="strict"
          subject="background"
          label="Background image"
          hint="A wide picture works best. It stays in place while the story scrolls over it."
        />
      ) : (
        <LockedBackground value={value} onRemove={() => onChange(null)} />
      )}
      <FieldError message={error} />
    </section>
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
