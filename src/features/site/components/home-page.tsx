import { createElement, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { homeSections, type HomeSectionFlag } from '@/lib/flags/defaults';
import { useFlags } from '@/lib/flags/use-flags';
import { ContactSection } from './home/contact-section';
import { FounderSection } from './home/founder-section';
import { HeroSection } from './home/hero-section';
import { HomeSkeleton } from './home/home-skeleton';
import { ProcessSection } from './home/process-section';
import { ProductsSection } from './home/products-section';
import { ServicesSection } from './home/services-section';
import { StorySection } from './home/story-section';

type SectionProps = { contactForm: ReactNode };

/**
 * The section each home-section flag shows. Their order is the flags'
 * declaration (src/lib/flags/defaults.ts); a flag declared as a home section
 * without a component here fails typecheck.
 */
const SECTIONS = {
  hero_section: HeroSection,
  products: ProductsSection,
  services: ServicesSection,
  our_process: ProcessSection,
  brand_story: StorySection,
  founder: FounderSection,
  contact: ({ contactForm }: SectionProps) => <ContactSection form={contactForm} />,
} satisfies Record<HomeSectionFlag, (props: SectionProps) => ReactNode>;

/** What holds a section's place while its flag is off: the hero carries the page's h1, so one stays. */
const WHEN_OFF: Partial<Record<HomeSectionFlag, ReactNode>> = {
  hero_section: <h1 className="sr-only">{site.name}</h1>,
};

/**
 * The home page: each section behind its flag, in the order the flags declare
 * (docs/product-rules.md; docs/decisions/003-every-flag-has-a-visible-effect.md).
 * While the flags load on a client-rendered visit, a skeleton holds the
 * sections' space; a prerendered visit shows the flags it was built with.
 * `contactForm` is the contact form, supplied by the app.
 */
export function HomePage({ contactForm }: SectionProps) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const { flags, showSkeleton } = useFlags();
  const meta = (
    <PageMeta
      title={t.site.meta.homeTitle(site.name)}
      description={t.site.meta.homeDescription}
      locale={locale}
      path={pathname}
    />
  );
  if (showSkeleton) {
    return (
      <>
        {meta}
        <HomeSkeleton />
      </>
    );
  }
  const sections = homeSections.map(({ flag }) => {
    const Section: (props: SectionProps) => ReactNode = SECTIONS[flag];
    return flags[flag] ? <Section contactForm={contactForm} /> : (WHEN_OFF[flag] ?? null);
  });
  // Each section is a child of its own, in a fixed place whether on or off (not
  // one list): the markup, down to the ids React derives from a component's
  // place (useId), is then what writing the sections out by hand gives.
  return createElement('div', { id: 'home', tabIndex: -1, className: 'focus:outline-none' }, meta, ...sections);
}
