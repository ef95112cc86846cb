import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { site } from '@/config/site';
import { POLICY_EFFECTIVE_DATE, type Policies, type PolicyDetails } from '@/content/types';
import { formatDate } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { formatAddress } from '../lib/address';
import { localeResource } from '@/i18n/locale-resource';
import { RichText } from './rich-text';
import { InPageLink } from './section-link';

// The texts are long: each language is its own chunk, loaded by the policy
// pages only (and before hydrating a prerendered one, see preloadFor).
const policies = localeResource<Policies>({
  en: () => import('@/content/policies/en').then((m) => m.policiesEn),
  fr: () => import('@/content/policies/fr').then((m) => m.policiesFr),
});

export function preloadPolicies(locale: Locale): Promise<void> {
  return policies.load(locale).then(() => undefined);
}

function details(locale: Locale): PolicyDetails {
  return {
    name: site.name,
    legalName: site.legalName,
    privacyEmail: site.email.privacy,
    infoEmail: site.email.info,
    phone: site.phone.display,
    address: formatAddress(site.address, locale),
    siteUrl: site.domains.primary,
    effectiveDate: formatDate(POLICY_EFFECTIVE_DATE, locale),
  };
}

function PolicyPage({ kind }: { kind: keyof Policies }) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const d = details(locale);
  const doc = policies.useContent(locale)[kind](d);
  const text = t.site.policy;
  return (
    <article>
      <PageMeta
        title={`${doc.title} | ${site.name}`}
        description={doc.metaDescription}
        locale={locale}
        path={pathname}
      />
      <header className="bg-sand-50">
        <div className="mx-auto max-w-content px-4 pb-14 pt-12 sm:px-6 md:pt-16">
          <h1 className="font-serif text-4xl font-bold text-brand-900 sm:text-5xl">{doc.title}</h1>
          <p className="mt-4 font-semibold text-olive-700">{text.effective(d.effectiveDate)}</p>
        </div>
      </header>
      <div className="bg-white">
        <div className="mx-auto grid max-w-content gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[16rem_1fr]">
          <nav
            aria-labelledby="policy-toc"
            className="lg:sticky lg:top-[calc(var(--header-height,7rem)+1.5rem)] lg:self-start"
          >
            <h2 id="policy-toc" className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-700">
              {text.toc}
            </h2>
            <ol className="mt-4 space-y-1 border-l-2 border-sand-200 text-sm">
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <InPageLink
                    hash={section.id}
                    className="-ml-0.5 block border-l-2 border-transparent py-1.5 pl-4 text-ink-muted hover:border-brand-600 hover:text-brand-700"
                  >
                    {section.heading}
                  </InPageLink>
                </li>
              ))}
            </ol>
          </nav>
          <div className="max-w-3xl text-lg leading-relaxed text-ink">
            {doc.intro.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className="mt-4 first:mt-0">
                {paragraph}
              </p>
            ))}
            {doc.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-h`} className="scroll-mt-2">
                <h2 id={`${section.id}-h`} className="mt-12 font-serif text-2xl font-bold text-brand-900">
                  {section.heading}
                </h2>
                <RichText blocks={section.blocks} />
              </section>
            ))}
            <p className="mt-12 border-t border-sand-200 pt-6 text-base">
              <InPageLink hash="main" className="font-semibold text-brand-700 underline underline-offset-4">
                {text.backToTop}
              </InPageLink>
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}

export function PrivacyPage() {
  return <PolicyPage kind="privacy" />;
}

export function TermsPage() {
  return <PolicyPage kind="terms" />;
}
