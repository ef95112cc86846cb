import type { ComponentProps, ReactNode } from 'react';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { PageMeta } from './page-meta';
import { Card } from './ui/card';

const widths = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl' } as const;

/** A card page's head tags in the page's language: its title (the site's name follows), description and path. */
export type CardPageHead = {
  title: string;
  description: string;
  path: string;
  /** Search engines may index it (the client sign-in page, which carries the B2B request); the others are noindex. */
  indexed?: boolean;
};

function CardPageMeta({ head }: { head: CardPageHead }) {
  const { locale } = useI18n();
  return (
    <PageMeta
      title={`${head.title} | ${site.name}`}
      description={head.description}
      locale={locale}
      path={head.path}
      noindex={!head.indexed}
    />
  );
}

/**
 * The page of a single card on sand, centred: sign-in, request access, e-mail
 * confirmation, password reset, request status and the second sign-in step
 * all use it, so their spacing, widths and head tags change in one place.
 * `head` gives a site page's head tags; `meta` is for a screen outside the
 * site's pages (the staff code step). `fillScreen` is for a screen shown
 * without the site's header and footer: the sand then reaches the bottom of
 * the screen however short the card.
 */
export function CardPage({
  width = 'md',
  head,
  meta,
  fillScreen = false,
  children,
  ...cardProps
}: { width?: keyof typeof widths; head?: CardPageHead; meta?: ReactNode; fillScreen?: boolean } & Omit<
  ComponentProps<'div'>,
  'className'
>) {
  return (
    <div data-card-page="" className={`bg-sand-50 px-4 py-12 md:py-20${fillScreen ? ' min-h-svh' : ''}`}>
      {head ? <CardPageMeta head={head} /> : meta}
      <div className={`mx-auto w-full ${widths[width]}`}>
        <Card className="p-6 md:p-8" {...cardProps}>
          {children}
        </Card>
      </div>
    </div>
  );
}
