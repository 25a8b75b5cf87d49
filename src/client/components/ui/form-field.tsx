// A labelled field with its inline error and an optional counter, wired for screen readers.
import type { ReactElement, ReactNode } from "react";
import { AlertCircle } from "lucide-react";
import { cloneElement } from "react";
import { FieldError, Label } from "./input";

export function FormField({
  id,
  label,
  error,
  counter,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  counter?: ReactNode;
  hint?: ReactNode;
  children: ReactElement<{ id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string }>;
}) {
  const errorId = `${id}-error`;
  const control = cloneElement(children, {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  });
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {counter}
      </div>
      {control}
      {hint}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A message for the whole form (not one field), shown above its submit button. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}
