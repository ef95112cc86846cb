import { useI18n } from '@/i18n/i18n';
import { Section, SectionHeading } from './section';

const IMAGES: Record<string, string> = {
  'olive-oils': 'olive-oil',
  honeys: 'honey',
  'olives-tapenades': 'olives',
  'spices-teas': 'herbs',
  'wines-vinegars': 'wine',
  cheeses: 'cheese',
};

export function ProductsSection() {
  const { t } = useI18n();
  const text = t.site.products;
  return (
    <Section id="products" className="bg-white">
      <SectionHeading id="products" eyebrow={text.eyebrow} title={text.heading} intro={text.intro} />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {text.items.map((item) => (
          <li
            key={item.id}
            className="group overflow-hidden rounded-2xl border border-sand-200 bg-sand-50 transition-shadow hover:shadow-lg"
          >
            <img
              src={`/images/illustrations/${IMAGES[item.id] ?? 'grove'}.svg`}
              width={480}
              height={320}
              alt=""
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] w-full object-cover"
            />
            <div className="p-6">
              <h3 className="font-serif text-xl font-bold text-brand-900">{item.name}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
