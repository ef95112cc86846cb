import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { sectionPath } from '@/config/paths';
import { site } from '@/config/site';
import { solutionsEn } from '@/content/solutions/en';
import { solutionsFr } from '@/content/solutions/fr';
import { useI18n } from '@/i18n/i18n';
import { useFlag } from '@/lib/flags/use-flags';
import { Badge } from './badge';
import { PageTop } from './page-top';
import { ContentImage } from './content-image';

/** Solutions: four services, a four-step process and three value points. */
export default function SolutionsPage() {
  const { t, locale } = useI18n();
  const contactSection = useFlag('contact');
  const text = t.insights.solutions;
  const { solutions, process, values } = locale === 'fr' ? solutionsFr : solutionsEn;
  const ctaClass = buttonVariants({ variant: 'light' });
  return (
    <>
      <PageTop page="solutions" title={text.title} />

      <div className="bg-white">
        <ul className="mx-auto grid max-w-content gap-8 px-4 py-14 sm:px-6 md:grid-cols-2">
          {solutions.map((solution) => (
            <li key={solution.id} data-testid="solution">
              <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-sand-50 ring-1 ring-sand-200">
                <ContentImage image={solution.image} className="aspect-[3/1] w-full object-cover" />
                <div className="flex flex-1 flex-col p-7">
                  <h2 className="font-serif text-2xl font-bold text-brand-900">{solution.title}</h2>
                  <p className="mt-3 leading-relaxed text-ink-muted">{solution.description}</p>
                  <div className="mt-6 grid gap-6 sm:grid-cols-2">
                    <div>
                      <h3 className="text-sm font-semibold uppercase tracking-[0.16em] text-ink-muted">
                        {text.features}
                      </h3>
                      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-ink marker:text-olive-600">
                        {solution.features.map((feature) => (
                          <li key={feature}>{feature}</li>
                        ))}
                      </ul>
                    </div>
                    <div>
                      <h3 className="text-sm font-semibold uppercase tracking-[0.16em] text-ink-muted">
                        {text.industries}
                      </h3>
                      <ul className="mt-3 flex flex-wrap gap-2">
                        {solution.industries.map((industry) => (
                          <li key={industry}>
                            <Badge tone="brand">{industry}</Badge>
                          </li>
                        ))}
                      </ul>
                    </div>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>

      <section aria-labelledby="solutions-process" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-content px-4 py-16 sm:px-6">
          <h2 id="solutions-process" className="font-serif text-3xl font-bold">
            {text.processHeading}
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {process.map((step) => (
              <li
                key={step.step}
                data-testid="solution-step"
                className="rounded-2xl border border-white/15 bg-white/5 p-6"
              >
                <p className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-100">
                  {text.stepLabel(step.step)}
                </p>
                <h3 className="mt-3 font-serif text-xl font-bold">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-brand-100">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="solutions-values" className="bg-sand-50">
        <div className="mx-auto max-w-content px-4 py-16 sm:px-6">
          <h2 id="solutions-values" className="font-serif text-3xl font-bold text-brand-900">
            {text.valueHeading}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {values.map((value) => (
              <li key={value.id} data-testid="value-point" className="rounded-2xl bg-white p-7 ring-1 ring-sand-200">
                <h3 className="font-serif text-xl font-bold text-brand-900">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-muted">{value.description}</p>
              </li>
            ))}
          </ul>
          <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between">
            <h2 className="font-serif text-2xl font-bold">{text.ctaHeading}</h2>
            {contactSection ? (
              <Link to={sectionPath(locale, 'contact')} className={ctaClass}>
                {text.ctaLink}
              </Link>
            ) : (
              <a href={`mailto:${site.email.info}`} className={ctaClass}>
                {text.ctaLink}
              </a>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
