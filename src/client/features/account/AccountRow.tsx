// Pieces of Settings' 'Account and security': a line (icon, title, detail, actions) and the current-password field.
import type { ChangeEvent, ReactNode } from "react";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";

export function Row({
  icon,
  title,
  detail,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-brand-50 py-4 first:border-t-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 text-brand-600" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <p className="font-medium text-ink">{title}</p>
          <div className="break-words text-sm text-slate-600">{detail}</div>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 pl-8 sm:pl-0">{action}</div>
    </div>
  );
}

/** The 'Current password' field every sensitive change in Settings asks for (accounts with a password only). */
export function CurrentPasswordField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <FormField id={id} label="Current password" error={error}>
      <Input type="password" autoComplete="current-password" value={value} onChange={onChange} />
    </FormField>
  );
}
