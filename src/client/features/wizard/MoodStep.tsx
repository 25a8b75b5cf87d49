// Step 3: the seven mood sliders of the catalogue (0-100, step 1).
import { MOOD_SLIDERS, type MoodId } from "../../../shared/catalogues";
import { MOOD_MAX, MOOD_MIN, MOOD_STEP } from "../../../shared/limits";
import { Slider } from "../../components/ui/slider";

export function MoodStep({
  moods,
  onChange,
}: {
  moods: Record<MoodId, number>;
  onChange: (moods: Record<MoodId, number>) => void;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Set the tone: how much of each mood should your story carry?</p>
      <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
        {MOOD_SLIDERS.map((mood) => (
          <div key={mood.id} className="space-y-2">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium text-ink">{mood.label}</span>
              <span className="tabular-nums text-slate-600">{moods[mood.id]}</span>
            </div>
            <Slider
              aria-label={mood.label}
              min={MOOD_MIN}
              max={MOOD_MAX}
              step={MOOD_STEP}
              value={[moods[mood.id]]}
              onValueChange={([value]) => onChange({ ...moods, [mood.id]: value ?? mood.default })}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
