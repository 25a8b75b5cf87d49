// The publish dialog's and the details page's AI and audience fields: the measured share and the label the work
// will carry, 'AI from other tools' (declarations below the measured label disabled, with the reason) and 'Who can
// read it'. A refused value is shown at its field.
import { useId } from "react";
import { AUDIENCES, type AiDeclaration, type Audience } from "../../../shared/ai-label";
import { FieldError } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { LanguageSelect } from "../discover/LanguageSelect";
import { declarationChoices, effectiveDeclaration, labelSentence } from "./ai-label-text";

export const AI_MEASURE_PAGE = "/about/ai";

const AUDIENCE_OPTIONS: Record<Audience, string> = {
  everyone: "Everyone",
  members: "Members only (signed-in readers)",
};

export interface AiLabelValues {
  aiDeclaration: AiDeclaration;
  audience: Audience;
  /** Issue 31: the work's language (the select shows when the form has one). */
  language?: string;
}

interface Props {
  wordCount: number;
  aiShare: number;
  value: AiLabelValues;
  onChange: (patch: Partial<AiLabelValues>) => void;
  errors: { aiDeclaration?: string; audience?: string; language?: string };
}

const optionClass = (disabled: boolean) =>
  cn(
    "flex items-center gap-2 rounded-lg border border-brand-100 px-3 py-2 text-sm",
    disabled ? "cursor-not-allowed bg-slate-50 text-slate-400" : "cursor-pointer text-ink hover:border-brand-300",
  );

export function AiLabelFields({ wordCount, aiShare, value, onChange, errors }: Props) {
  const id = useId();
  const declaration = effectiveDeclaration(wordCount, aiShare, value.aiDeclaration);
  const choices = declarationChoices(wordCount, aiShare);
  const reason = choices.find((choice) => choice.disabledReason)?.disabledReason ?? null;
  return (
    <div className="space-y-4" data-testid="ai-label-fields">
      <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-ink" data-testid="ai-label-sentence">
        <span>{labelSentence(wordCount, aiShare, declaration)}</span>{" "}
        <a
          href={AI_MEASURE_PAGE}
          target="_blank"
          rel="noopener"
          className="whitespace-nowrap font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          How is this measured?
        </a>
      </p>
      <fieldset className="space-y-1.5" aria-describedby={errors.aiDeclaration ? `${id}-ai-error` : undefined}>
        <legend className="text-sm font-medium text-ink">AI from other tools</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {choices.map((choice) => (
            <label key={choice.value} className={optionClass(choice.disabledReason !== null)}>
              <input
                type="radio"
                name={`${id}-ai`}
                value={choice.value}
                className="accent-brand-600"
                checked={declaration === choice.value}
                disabled={choice.disabledReason !== null}
                aria-describedby={choice.disabledReason ? `${id}-ai-reason` : undefined}
                aria-invalid={errors.aiDeclaration ? true : undefined}
                onChange={() => onChange({ aiDeclaration: choice.value })}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {reason ? (
          <p id={`${id}-ai-reason`} className="text-xs text-slate-500">
            {reason}.
          </p>
        ) : null}
        <FieldError id={`${id}-ai-error`} message={errors.aiDeclaration} />
      </fieldset>
      <fieldset className="space-y-1.5" aria-describedby={errors.audience ? `${id}-audience-error` : undefined}>
        <legend className="text-sm font-medium text-ink">Who can read it</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {AUDIENCES.map((audience) => (
            <label key={audience} className={optionClass(false)}>
              <input
                type="radio"
                name={`${id}-audience`}
                value={audience}
                className="accent-brand-600"
                checked={value.audience === audience}
                aria-invalid={errors.audience ? true : undefined}
                onChange={() => onChange({ audience })}
              />
              {AUDIENCE_OPTIONS[audience]}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-audience-error`} message={errors.audience} />
      </fieldset>
      {value.language !== undefined && (
        <LanguageSelect
          value={value.language}
          onChange={(language) => onChange({ language })}
          error={errors.language}
        />
      )}
    </div>
  );
}
