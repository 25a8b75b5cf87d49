// Radix alert dialog for confirmations (delete, unpublish): focus starts on Cancel, Escape cancels.
import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { buttonVariants } from "./button";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** The footer: usually AlertDialogCancel and AlertDialogAction. */
  children?: ReactNode;
  className?: string;
}) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-sm" />
      <AlertDialogPrimitive.Content
        className={cn(
          "fixed left-1/2 dialog-frame z-50 overflow-y-auto w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl",
          className,
        )}
      >
        <AlertDialogPrimitive.Title className="text-lg font-semibold text-ink">{title}</AlertDialogPrimitive.Title>
        <AlertDialogPrimitive.Description className={cn("mt-2 text-sm text-slate-600", !description && "sr-only")}>
          {description ?? title}
        </AlertDialogPrimitive.Description>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogCancel({ className, ...props }: AlertDialogPrimitive.AlertDialogCancelProps) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}

export function AlertDialogAction({
  className,
  variant = "primary",
  ...props
}: AlertDialogPrimitive.AlertDialogActionProps & { variant?: "primary" | "destructive" }) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}
