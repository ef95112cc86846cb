import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { useFlags } from '@/lib/flags/use-flags';
import { ContactSection } from './home/contact-section';
import { FounderSection } from './home/founder-section';
import { HeroSection } from './home/hero-section';
import { HomeSkeleton } from './home/home-skeleton';
import { ProcessSection } from './home/process-section';
import { ProductsSection } from './home/products-section';
import { ServicesSection } from './home/services-section';
import { StorySection } from './home/story-section';

/**
 * The home page: sections in the order of docs/product-rules.md, each behind
 * its flag (docs/decisions/003-every-flag-has-a-visible-effect.md). While the
 * flags load on a client-rendered visit, a skeleton holds the sections' space;
 * a prerendered visit shows the defaults it was built with. `contactForm` is
 * the contact form, supplied by the app.
 */
export function HomePage({ contactForm }: { contactForm: ReactNode }) {
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
  return (
    <div id="home" tabIndex={-1} className="focus:outline-none">
      {meta}
      {flags.hero_section ? <HeroSection /> : <h1 className="sr-only">{site.name}</h1>}
      {flags.products ? <ProductsSection /> : null}
      {flags.services ? <ServicesSection /> : null}
      {flags.our_process ? <ProcessSection /> : null}
      {flags.brand_story ? <StorySection /> : null}
      {flags.founder ? <FounderSection /> : null}
      {flags.contact ? <ContactSection form={contactForm} /> : null}
    </div>
  );
}
