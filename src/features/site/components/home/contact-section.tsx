import { memo, Suspense, useState, type ReactNode } from 'react';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { formatAddress } from '../../lib/address';
import { MailIcon } from '@/components/icons/mail';
import { PhoneIcon } from '@/components/icons/phone';
import { PinIcon } from '@/components/icons/pin';
import { Section, SectionHeading } from './section';

/**
 * Contact details from the site config
 * (docs/decisions/012-business-details-in-one-place.md) beside the contact
 * form, which another feature supplies through `form` and loads lazily; its own
 * Suspense boundary keeps the rest of the page on screen while it loads.
 */
export function ContactSection({ form }: { form: ReactNode }) {
  const { t, locale } = useI18n();
  const text = t.site.contact;
  const item = 'flex gap-4';
  const icon = 'mt-0.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700';
  const value = 'text-lg font-semibold text-brand-800 underline-offset-4 hover:underline';
  return (
    <Section id="contact" className="bg-white">
      <div className="grid gap-12 lg:grid-cols-[1fr_1.3fr]">
        <div>
          <SectionHeading id="contact" eyebrow={text.eyebrow} title={text.heading} intro={text.intro} align="start" />
          <h3 className="mt-10 font-serif text-xl font-bold text-brand-900">{text.detailsHeading}</h3>
          <ul className="mt-5 space-y-5">
            <li className={item}>
              <span className={icon}>
                <MailIcon />
              </span>
              <div>
                <p className="text-sm font-semibold text-ink-muted">{text.email}</p>
                <p>
                  <a className={value} href={`mailto:${site.email.info}`}>
                    {site.email.info}
                  </a>
                </p>
              </div>
            </li>
            <li className={item}>
              <span className={icon}>
                <PhoneIcon />
              </span>
              <div>
                <p className="text-sm font-semibold text-ink-muted">{text.phone}</p>
                <p>
                  <a className={value} href={site.phone.href}>
                    {site.phone.display}
                  </a>
                </p>
              </div>
            </li>
            <li className={item}>
              <span className={icon}>
                <PinIcon />
              </span>
              <div>
                <p className="text-sm font-semibold text-ink-muted">{text.office}</p>
                <p className="text-lg text-ink">{formatAddress(site.address, locale)}</p>
              </div>
            </li>
          </ul>
        </div>
        <div className="rounded-2xl bg-sand-50 p-6 ring-1 ring-sand-200 sm:p-8">
          <h3 className="font-serif text-2xl font-bold text-brand-900">{text.formHeading}</h3>
          <div className="mt-6" data-slot="contact-form">
            <FormSlot form={form} loadingLabel={t.common.loading} />
          </div>
        </div>
      </div>
    </Section>
  );
}

/**
 * The form's own boundary, memoized: while the form's code has not loaded
 * (docs/decisions/101-contact-form-code-loads-on-approach.md) the boundary
 * keeps the prerendered form on screen, and any re-render reaching it then
 * (new props) would make React give up that HTML for the placeholder.
 */
const FormSlot = memo(function FormSlot({ form, loadingLabel }: { form: ReactNode; loadingLabel: string }) {
  return <Suspense fallback={<FormPlaceholder label={loadingLabel} />}>{form}</Suspense>;
});

function FormPlaceholder({ label }: { label: string }) {
  // When React gives up the prerendered form for this placeholder (a
  // navigation, such as a #contact link, re-renders the page before the
  // form's code is there), it keeps the form's height: nothing below moves
  // and a scroll to the section lands where it should.
  const [height] = useState(() =>
    typeof document === 'undefined'
      ? undefined
      : document.querySelector<HTMLElement>('[data-slot="contact-form"]')?.offsetHeight || undefined,
  );
  return (
    <div
      role="status"
      style={height ? { minHeight: height } : undefined}
      className="min-h-[30rem] animate-pulse rounded-xl bg-white/70"
    >
      <span className="sr-only">{label}</span>
    </div>
  );
}
