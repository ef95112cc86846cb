import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from '@/components/icons/close';
import { cn } from './cn';

export type ToastVariant = 'success' | 'error' | 'info';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
type ToastItem = ToastInput & { id: number; open: boolean };

const toastVariants = cva(
  'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
  {
    variants: {
      variant: {
        success: 'border-success/30 bg-success-bg text-success',
        error: 'border-danger/30 bg-danger-bg text-danger',
        info: 'border-brand-200 bg-white text-ink',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

type ToastApi = { toast: (input: ToastInput) => void };
const ToastContext = createContext<ToastApi | null>(null);

/**
 * Short confirmations and failures, announced to screen readers (Radix Toast:
 * F8 jumps to them, swipe or Escape dismisses). Errors are announced at once
 * ("foreground") and stay longer.
 */
export function Toaster({ children, label = 'Notification' }: { children: ReactNode; label?: string }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    // Keep the last few only: a burst (Enable All) must not bury the screen.
    setItems((current) => [...current.filter((item) => item.open).slice(-3), { ...input, id, open: true }]);
  }, []);

  const close = (id: number) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));

  const api = useMemo(() => ({ toast }), [toast]);

  return (
    <ToastContext value={api}>
      <ToastPrimitive.Provider swipeDirection="right" duration={5000} label={label}>
        {children}
        {items.map((item) => (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) close(item.id);
            }}
            type={item.variant === 'error' ? 'foreground' : 'background'}
            duration={item.variant === 'error' ? 10_000 : 5000}
            className={toastVariants({ variant: item.variant })}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              {item.description ? (
                <ToastPrimitive.Description className="text-sm text-ink">{item.description}</ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss"
              className="absolute right-1 top-1 flex h-9 w-9 items-center justify-center rounded-md text-ink-muted hover:text-ink"
            >
              <CloseIcon className="h-4 w-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport
          className={cn(
            'fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm',
          )}
        />
      </ToastPrimitive.Provider>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <Toaster>.');
  return api;
}
