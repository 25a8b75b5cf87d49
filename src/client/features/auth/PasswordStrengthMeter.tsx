// The live strength meter: a bar, the label (Weak red / Medium yellow / Strong green), the checklist.
import { Check, X } from "lucide-react";
import { passwordStrength } from "../../../shared/password-strength";
import { cn } from "../../lib/cn";

const COLORS = {
  red: { bar: "bg-red-500", text: "text-red-600" },
  yellow: { bar: "bg-yellow-400", text: "text-yellow-600" },
  green: { bar: "bg-green-500", text: "text-green-600" },
} as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const color = COLORS[strength.color];
  return (
    <div className="space-y-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden>
          <div
            className={cn("h-full rounded-full transition-all", color.bar)}
            style={{ width: `${strength.score * 100}%` }}
          />
        </div>
        <span className={cn("w-14 text-right text-xs font-semibold", color.text)} aria-live="polite">
          <span className="sr-only">Password strength: </span>
          {strength.label}
        </span>
      </div>
      <ul className="grid gap-1 text-xs sm:grid-cols-2">
        {strength.checks.map((check) => (
          <li
            key={check.id}
            className={cn("flex items-center gap-1.5", check.passed ? "text-green-700" : "text-slate-500")}
          >
            {check.passed ? (
              <Check className="h-3.5 w-3.5 shrink-0" aria-hidden />
            ) : (
              <X className="h-3.5 w-3.5 shrink-0" aria-hidden />
            )}
            {check.label}
            <span className="sr-only">{check.passed ? "(met)" : "(not met)"}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
