// A menu that opens from a button (Radix's dropdown menu): keyboard and screen-reader behaviour from the library,
// the look from here.
import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { cn } from "../../lib/cn";

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({
  children,
  className,
  ...props
}: ComponentPropsWithoutRef<typeof MenuPrimitive.Content> & { children: ReactNode }) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={6}
        collisionPadding={8}
        className={cn("z-50 min-w-[12rem] rounded-md border border-brand-200 bg-white p-1 shadow-md", className)}
        {...props}
      >
        {children}
      </MenuPrimitive.Content>
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentPropsWithoutRef<typeof MenuPrimitive.Item>) {
  return (
    <MenuPrimitive.Item
      className={cn(
        "flex cursor-pointer select-none items-baseline justify-between gap-4 rounded-sm px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50",
        className,
      )}
      {...props}
    />
  );
}
