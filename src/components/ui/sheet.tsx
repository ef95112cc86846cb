import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { CloseIcon } from '@/components/icons/close';
import { cn } from './cn';

/** An off-canvas panel (Radix Dialog): focus moves in and stays, Escape or the overlay closes it. */
export const Sheet = DialogPrimitive.Root;

const sheetVariants = cva('fixed z-50 flex flex-col bg-white shadow-xl outline-none', {
  variants: {
    side: {
      left: 'inset-y-0 left-0 h-full border-r border-sand-200',
      right: 'inset-y-0 right-0 h-full border-l border-sand-200',
    },
  },
  defaultVariants: { side: 'left' },
});

export function SheetContent({
  side,
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof sheetVariants> & { closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/50" />
      <DialogPrimitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute right-2 top-2 flex h-10 w-10 items-center justify-center rounded-md text-ink-muted hover:bg-sand-100 hover:text-ink"
        >
          <CloseIcon className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Every sheet needs a title for screen readers (Radix insists); hide it visually with className="sr-only" if the panel shows its own. */
export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-ink', className)} {...props} />;
}
