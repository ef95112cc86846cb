import { cn } from '@/components/ui/cn';
import { useI18n } from '@/i18n/i18n';
import { Section, SectionHeading } from './section';

export function ServicesSection() {
  const { t } = useI18n();
  const text = t.site.services;
  return (
    <Section id="services" className="bg-sand-50">
      <SectionHeading id="services" eyebrow={text.eyebrow} title={text.heading} intro={text.intro} />
      <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-6">
        {text.items.map((item, i) => (
          <li
            key={item.id}
            // Five cards: three over two on a desktop, the last one full width on a tablet.
            className={cn(
              'rounded-2xl bg-white p-7 shadow-sm ring-1 ring-sand-200',
              i < 3 ? 'lg:col-span-2' : 'lg:col-span-3',
              i === 4 && 'md:col-span-2',
            )}
          >
            <img
              src={`/images/icons/${item.id}.svg`}
              width={56}
              height={56}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-14 w-14"
            />
            <h3 className="mt-5 font-serif text-xl font-bold text-brand-900">{item.title}</h3>
            <p className="mt-2 leading-relaxed text-ink-muted">{item.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
