import { Link } from 'react-router';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import type { FlagName } from '@/lib/flags/defaults';
import { useFlags } from '@/lib/flags/use-flags';
import { useFooterLinks } from '../hooks/use-nav-items';
import { formatAddress } from '../lib/address';
import { BrandMark } from '@/components/icons/brand-mark';
import { LanguageSwitch } from './language-switch';
import { NavItemLink } from './nav-link';
import { SectionLink } from './section-link';

const link = 'rounded-sm text-brand-100 underline-offset-4 transition-colors hover:text-white hover:underline';
const heading = 'text-sm font-semibold uppercase tracking-[0.16em] text-olive-100';

/** Quick links, product links, contact, policies, copyright and the language toggle (docs/product-rules.md). */
export function SiteFooter() {
  const { t, locale } = useI18n();
  const { flags, showSkeleton } = useFlags();
  const text = t.site.footer;
  // Flag-gated links wait for the real flags on a client-rendered page (docs/decisions/003-every-flag-has-a-visible-effect.md).
  const on = (flag: FlagName) => !showSkeleton && flags[flag];
  // The quick links are the navigation's (src/config/navigation.ts), in the footer's order.
  const quickLinks = useFooterLinks();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-content gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div>
          <p className="flex items-center gap-3">
            <BrandMark />
            <span className="font-serif text-xl font-bold">{site.name}</span>
          </p>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-brand-100">{text.tagline}</p>
        </div>

        <nav aria-label={text.quickLinks}>
          <h2 className={heading}>{text.quickLinks}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {quickLinks.map((item) => (
              <li key={item.key}>
                <NavItemLink item={item} className={link} plain />
              </li>
            ))}
          </ul>
        </nav>

        {on('products') ? (
          <nav aria-label={text.productLinks}>
            <h2 className={heading}>{text.productLinks}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {t.site.products.items.map((product) => (
                <li key={product.id}>
                  <SectionLink anchor="products" className={link}>
                    {product.name}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div>
          <h2 className={heading}>{text.contact}</h2>
          <address className="mt-4 space-y-2 text-sm not-italic text-brand-100">
            <p>
              <a className={link} href={`mailto:${site.email.info}`}>
                {site.email.info}
              </a>
            </p>
            <p>
              <a className={link} href={site.phone.href}>
                {site.phone.display}
              </a>
            </p>
            <p className="leading-relaxed">{formatAddress(site.address, locale)}</p>
          </address>
        </div>
      </div>

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-content flex-col gap-4 px-4 py-6 text-sm text-brand-100 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>{text.copyright(year, site.name)}</p>
          <nav aria-label={text.legal}>
            <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
              <li>
                <Link to={routePath('privacy', locale)} className={link}>
                  {text.privacy}
                </Link>
              </li>
              <li>
                <Link to={routePath('terms', locale)} className={link}>
                  {text.terms}
                </Link>
              </li>
              {on('french_language') ? (
                <li>
                  <LanguageSwitch className={`${link} font-semibold`} />
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
