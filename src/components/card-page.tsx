import type { ComponentProps, ReactNode } from 'react';
import { Card } from './ui/card';

const widths = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl' } as const;

/**
 * The page of a single card on sand, centred: sign-in, request access, e-mail
 * confirmation, password reset, request status and the second sign-in step
 * all use it, so their spacing and widths change in one place. `meta` (the
 * page's head tags) renders before the card. `fillScreen` is for a screen
 * shown without the site's header and footer (the staff code step): the sand
 * then reaches the bottom of the screen however short the card.
 */
export function CardPage({
  width = 'md',
  meta,
  fillScreen = false,
  children,
  ...cardProps
}: { width?: keyof typeof widths; meta?: ReactNode; fillScreen?: boolean } & Omit<ComponentProps<'div'>, 'className'>) {
  return (
    <div data-card-page="" className={`bg-sand-50 px-4 py-12 md:py-20${fillScreen ? ' min-h-svh' : ''}`}>
      {meta}
      <div className={`mx-auto w-full ${widths[width]}`}>
        <Card className="p-6 md:p-8" {...cardProps}>
          {children}
        </Card>
      </div>
    </div>
  );
}
