import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * An on/off switch (role="switch", Space and Enter toggle it). Give it an
 * accessible name with aria-label or aria-labelledby. The 44 px hit area
 * wraps a smaller visual track.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'group relative inline-flex h-11 w-14 shrink-0 cursor-pointer items-center justify-center rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex h-6 w-11 items-center rounded-full border-2 border-transparent bg-ink-muted transition-colors group-data-[state=checked]:bg-success"
      >
        <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-0 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </span>
    </SwitchPrimitive.Root>
  );
}
