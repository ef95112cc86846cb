import { buttonVariants } from '@/components/ui/button';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { Section } from './section';

export function FounderSection() {
  const { t } = useI18n();
  const text = t.site.founder;
  return (
    <Section id="founder" className="bg-sand-50">
      <div className="grid items-center gap-10 md:grid-cols-[minmax(0,20rem)_1fr] lg:gap-16">
        <img
          src="/images/team/eleni-markou.svg"
          width={320}
          height={320}
          alt={text.portraitAlt}
          loading="lazy"
          decoding="async"
          className="mx-auto w-56 rounded-full ring-8 ring-white md:w-full"
        />
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-olive-700">{text.eyebrow}</p>
          <h2 id="founder-heading" className="mt-3 font-serif text-3xl font-bold text-brand-900 sm:text-4xl">
            {text.name}
          </h2>
          <p className="mt-1 font-semibold text-olive-700">{text.role}</p>
          <p className="mt-5 text-lg leading-relaxed text-ink-muted">{text.bio}</p>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">{text.sister(site.sisterBrandName)}</p>
          <a
            href={site.sisterBrandUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonVariants({ variant: 'secondary' })} mt-7`}
          >
            {text.sisterLink(site.sisterBrandName)}
            <span className="sr-only"> {t.common.newTab}</span>
            <ArrowRightIcon className="-rotate-45" />
          </a>
        </div>
      </div>
    </Section>
  );
}
