// The three-step story wizard: themes, details, moods, then Create Story.
import { ArrowLeft, ArrowRight, Sparkles } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../components/ui/button";
import { Progress } from "../../components/ui/progress";
import { useAuth } from "../auth/auth-context";
import { DetailsStep } from "./DetailsStep";
import { GeneratingOverlay } from "./GeneratingOverlay";
import { MoodStep } from "./MoodStep";
import { ThemeStep } from "./ThemeStep";
import { useCreateStoryFlow } from "./use-create-story-flow";
import { useWizardDraft } from "./use-wizard-draft";
import { canLeaveThemes, STEPS, toggleLimited, type WizardStep } from "./wizard-draft";

export function CreateWizard() {
  const { user } = useAuth();
  const { draft, update, clear } = useWizardDraft(user?.id);
  const { run, running } = useCreateStoryFlow(clear);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = STEPS[draft.step];
  const isPremium = user?.isPremium === true;

  const goTo = (next: WizardStep) => {
    update({ step: next });
    // Move focus to the new step's heading so keyboard and screen-reader users hear the step change.
    requestAnimationFrame(() => {
      headingRef.current?.focus();
      window.scrollTo({ top: 0 });
    });
  };
  // A free account cannot keep a premium theme picked earlier (e.g. after the subscription ended).
  const themes = isPremium ? draft.themes : draft.themes.filter((id) => id !== "nsfw");

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6 lg:p-8">
      <header className="space-y-3">
        <p className="text-sm font-medium text-brand-700">Step {draft.step} of 3</p>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none sm:text-3xl">
          {step.title}
        </h1>
        <Progress value={step.progress} label={`Step ${draft.step} of 3: ${step.title}`} />
      </header>

      <section className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
        {draft.step === 1 && (
          <ThemeStep
            selected={themes}
            isPremium={isPremium}
            onToggle={(id) => update({ themes: toggleLimited(themes, id, Number.POSITIVE_INFINITY) })}
          />
        )}
        {draft.step === 2 && <DetailsStep draft={draft} update={update} />}
        {draft.step === 3 && <MoodStep moods={draft.moods} onChange={(moods) => update({ moods })} />}
      </section>

      <footer className="flex items-center justify-between gap-3">
        {draft.step > 1 ? (
          <Button variant="outline" onClick={() => goTo((draft.step - 1) as WizardStep)}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </Button>
        ) : (
          <span />
        )}
        {draft.step === 1 && !canLeaveThemes({ ...draft, themes }) && (
          <p className="text-right text-sm text-slate-500">Choose at least one theme to continue.</p>
        )}
        {draft.step < 3 ? (
          <Button
            onClick={() => goTo((draft.step + 1) as WizardStep)}
            disabled={draft.step === 1 && !canLeaveThemes({ ...draft, themes })}
          >
            Next <ArrowRight className="h-4 w-4" aria-hidden />
          </Button>
        ) : (
          <Button variant="gradient" onClick={() => run({ ...draft, themes })} disabled={running}>
            <Sparkles className="h-4 w-4" aria-hidden /> Create Story
          </Button>
        )}
      </footer>
      {running && <GeneratingOverlay />}
    </div>
  );
}
