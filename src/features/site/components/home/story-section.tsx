import { useI18n } from '@/i18n/i18n';
import { Section, SectionHeading } from './section';

export function StorySection() {
  const { t } = useI18n();
  const text = t.site.story;
  return (
    <Section id="brand-story" className="bg-white">
      <div className="grid items-start gap-12 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <SectionHeading id="brand-story" eyebrow={text.eyebrow} title={text.heading} align="start" />
          {text.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="mt-5 text-lg leading-relaxed text-ink-muted">
              {paragraph}
            </p>
          ))}
          <figure className="mt-8 rounded-2xl border-l-4 border-olive-600 bg-olive-50 p-6">
            <figcaption className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-700">
              {text.missionLabel}
            </figcaption>
            <blockquote className="mt-2 font-serif text-xl leading-snug text-brand-900">{text.mission}</blockquote>
          </figure>
        </div>
        <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {text.stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-2xl bg-sand-50 p-6 ring-1 ring-sand-200">
              <dt className="mt-1 text-base font-semibold text-ink-muted">{stat.label}</dt>
              <dd className="font-serif text-5xl font-bold text-brand-800">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
