import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * A box that scrolls sideways when its table is wider than the screen. It is
 * a named, focusable region so keyboard users can scroll it too (WCAG 2.1.1;
 * axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
      tabIndex={0}
      className={cn(
        'overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {children}
    </div>
  );
}
