import { describe, expect, it } from 'vitest';
import { site } from '@/config/site';
import { formsMessages } from './use-forms-messages';
import { consentTexts } from './consent';

describe.each(['en', 'fr'] as const)('consent texts (%s)', (locale) => {
  const texts = consentTexts(formsMessages[locale], locale);

  it('name who asks, with the mailing address and a way to reach them (CASL)', () => {
    expect(texts.marketingLabel).toContain(site.legalName);
    expect(texts.marketingDetails).toContain(site.legalName);
    expect(texts.marketingDetails).toContain(site.address.street);
    expect(texts.marketingDetails).toContain(site.address.postalCode);
    expect(texts.marketingDetails).toContain(site.phone.display);
    expect(texts.marketingDetails).toContain(site.email.privacy);
  });

  it('say how to withdraw, and that the box is optional', () => {
    expect(texts.marketingDetails).toMatch(
      locale === 'en' ? /withdraw your consent at any time/ : /retirer votre consentement en tout temps/,
    );
    expect(texts.processing).toMatch(locale === 'en' ? /optional/ : /facultatif/);
    expect(texts.processing).toContain('HubSpot');
  });

  it('keep the exact text shown as the communication consent', () => {
    expect(texts.communication).toBe(`${texts.marketingLabel} ${texts.marketingDetails}`);
  });
});
