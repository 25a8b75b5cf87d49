// A labelled field with its inline error and an optional counter, wired for screen readers.
import type { ReactElement, ReactNode } from "react";
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
