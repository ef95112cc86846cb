import { useI18n } from '@/i18n/i18n';
import { Section, SectionHeading } from './section';

export function ProcessSection() {
  const { t } = useI18n();
  const text = t.site.process;
  return (
    <Section id="process" className="bg-brand-900">
      <SectionHeading id="process" eyebrow={text.eyebrow} title={text.heading} tone="dark" />
      <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {text.steps.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border border-white/15 bg-white/5 p-7">
            <p className="flex items-center gap-3 text-sm font-semibold uppercase tracking-[0.16em] text-olive-100">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-olive-100 font-serif text-lg text-brand-900"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span>{text.stepLabel(i + 1)}</span>
            </p>
            <h3 className="mt-5 font-serif text-2xl font-bold text-white">{step.title}</h3>
            <p className="mt-2 leading-relaxed text-brand-100">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
