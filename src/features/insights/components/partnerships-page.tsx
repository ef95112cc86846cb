import { buttonVariants } from '@/components/ui/button';
import { site } from '@/config/site';
import { partnershipsEn } from '@/content/partnerships/en';
import { partnershipsFr } from '@/content/partnerships/fr';
import { useI18n } from '@/i18n/i18n';
import { Badge } from './badge';
import { PageTop } from './page-top';
import { ContentImage } from './content-image';

/** Partnerships: three partners, then the opportunities with what each requires. */
export default function PartnershipsPage() {
  const { t, locale } = useI18n();
  const text = t.insights.partnerships;
  const { partners, opportunities } = locale === 'fr' ? partnershipsFr : partnershipsEn;
  return (
    <>
      <PageTop page="partnerships" title={text.title} />

      <section aria-labelledby="partners-heading" className="bg-white">
        <div className="mx-auto max-w-content px-4 py-14 sm:px-6">
          <h2 id="partners-heading" className="font-serif text-3xl font-bold text-brand-900">
            {text.partnersHeading}
          </h2>
          <ul className="mt-8 grid gap-8 lg:grid-cols-3">
            {partners.map((partner) => (
              <li key={partner.id} data-testid="partner">
                <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-sand-50 ring-1 ring-sand-200">
                  <ContentImage image={partner.image} className="aspect-[8/5] w-full object-cover" />
                  <div className="flex flex-1 flex-col p-7">
                    <p>
                      <Badge>{partner.type}</Badge>
                    </p>
                    <h3 className="mt-4 font-serif text-2xl font-bold text-brand-900">{partner.name}</h3>
                    <p className="mt-1 text-sm text-ink-muted">
                      <span className="font-semibold">{text.location}</span> {partner.location}
                    </p>
                    <p className="mt-4 leading-relaxed text-ink-muted">{partner.description}</p>
                    <h4 className="mt-6 text-sm font-semibold uppercase tracking-[0.16em] text-ink-muted">
                      {text.benefits}
                    </h4>
                    <ul className="mt-3 list-disc space-y-2 pl-5 text-ink marker:text-olive-600">
                      {partner.benefits.map((benefit) => (
                        <li key={benefit}>{benefit}</li>
                      ))}
                    </ul>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="opportunities-heading" className="bg-sand-50">
        <div className="mx-auto max-w-content px-4 py-14 sm:px-6">
          <h2 id="opportunities-heading" className="font-serif text-3xl font-bold text-brand-900">
            {text.opportunitiesHeading}
          </h2>
          <p className="mt-3 text-lg text-ink-muted">{text.opportunitiesIntro}</p>
          <ul className="mt-8 grid gap-6 lg:grid-cols-3">
            {opportunities.map((opportunity) => (
              <li
                key={opportunity.id}
                data-testid="opportunity"
                className="rounded-2xl bg-white p-7 ring-1 ring-sand-200"
              >
                <h3 className="font-serif text-xl font-bold text-brand-900">{opportunity.title}</h3>
                <p className="mt-3 leading-relaxed text-ink-muted">{opportunity.description}</p>
                <h4 className="mt-5 text-sm font-semibold uppercase tracking-[0.16em] text-ink-muted">
                  {text.requirements}
                </h4>
                <ul className="mt-3 list-disc space-y-2 pl-5 text-ink marker:text-olive-600">
                  {opportunity.requirements.map((requirement) => (
                    <li key={requirement}>{requirement}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="font-serif text-2xl font-bold">{text.ctaHeading}</h2>
              <p className="mt-2 text-brand-100">{text.ctaBody}</p>
            </div>
            <a href={`mailto:${site.email.partnerships}`} className={buttonVariants({ variant: 'light' })}>
              {text.ctaLink(site.email.partnerships)}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
