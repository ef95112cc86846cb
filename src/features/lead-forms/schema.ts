/**
 * The two lead forms' rules. Messages are catalog keys, so one schema serves
 * both languages; the components turn keys into text.
 */
import { z } from '@/lib/validation/zod';
import type { FormsMessages } from '@/i18n/messages/en/forms';
import { companySizes, industries } from '@/config/b2b-choices';

export type FormErrorKey = keyof FormsMessages['errors'];

/** Generous caps: no real lead needs more, and the provider rejects huge fields. */
export const limits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  message: 5000,
  companyName: 200,
  jobTitle: 200,
  website: 2048,
  businessNeeds: 5000,
} as const;

const key = (k: FormErrorKey) => k;

function required(field: keyof typeof limits, message: FormErrorKey) {
  return z.string().check(z.trim(), z.minLength(1, key(message)), z.maxLength(limits[field], key('tooLong')));
}

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, key('emailRequired')), z.maxLength(limits.email, key('tooLong'))),
  z.email(key('emailInvalid')),
);

/**
 * Digits with the usual separators, an optional leading + and extension; 7 to
 * 15 digits (E.164's maximum) so a typo like "613" is caught before sending.
 */
export function isPhoneNumber(value: string): boolean {
  const [main = '', ...extension] = value.split(/\s*(?:x|ext\.?)\s*/i);
  if (extension.length > 1 || (extension.length === 1 && !/^\d{1,6}$/.test(extension[0] ?? ''))) return false;
  if (!/^\+?[\d\s().-]+$/.test(main)) return false;
  const digits = main.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * A website as people type it: "example.com" is accepted and sent as
 * "https://example.com"; anything that is not an http(s) address with a
 * dotted host name is refused.
 */
export function normalizeWebsite(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!/^([a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z][a-z\d-]*[a-z\d]$/i.test(url.hostname)) return null;
  return withScheme;
}

const phone = required('phone', 'phoneRequired').check(z.refine(isPhoneNumber, key('phoneInvalid')));

const optionalPhone = z.string().check(
  z.trim(),
  z.maxLength(limits.phone, key('tooLong')),
  z.refine((v) => v === '' || isPhoneNumber(v), key('phoneInvalid')),
);

/**
 * What both forms add to their fields: the optional marketing consent (never
 * required: answering an inquiry needs none) and the hidden honeypot, which
 * never shows an error (a bot learns nothing from it).
 */
const leadExtras = {
  marketingConsent: z.catch(z.boolean(), false),
  // The honeypot's name: plausible enough for a bot to fill in. Every use
  // (the hidden input, the submission) is type-checked against this key.
  referralCode: z.pipe(
    z.catch(z.string(), ''),
    z.transform((v: string) => v.slice(0, 1000)),
  ),
};

export const contactSchema = z.object({
  firstName: required('firstName', 'firstNameRequired'),
  lastName: required('lastName', 'lastNameRequired'),
  email,
  phone: optionalPhone,
  message: required('message', 'messageRequired'),
  ...leadExtras,
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

export { companySizes, industries };

export const b2bRequestSchema = z.object({
  firstName: required('firstName', 'firstNameRequired'),
  lastName: required('lastName', 'lastNameRequired'),
  email,
  phone,
  companyName: required('companyName', 'companyNameRequired'),
  jobTitle: required('jobTitle', 'jobTitleRequired'),
  // The selects start on an empty "Select" option, which is not a choice.
  companySize: z
    .union([z.enum(companySizes), z.literal('')], { error: key('companySizeRequired') })
    .check(z.refine((v) => v !== '', key('companySizeRequired'))),
  industry: z
    .union([z.enum(industries), z.literal('')], { error: key('industryRequired') })
    .check(z.refine((v) => v !== '', key('industryRequired'))),
  website: z.pipe(
    z.string().check(
      z.trim(),
      z.maxLength(limits.website, key('tooLong')),
      z.refine((v) => v === '' || normalizeWebsite(v) !== null, key('websiteInvalid')),
    ),
    z.transform((v: string) => (v === '' ? '' : (normalizeWebsite(v) ?? v))),
  ),
  businessNeeds: required('businessNeeds', 'businessNeedsRequired'),
  ...leadExtras,
});

export type B2BRequestInput = z.input<typeof b2bRequestSchema>;
export type B2BRequest = z.output<typeof b2bRequestSchema>;

export const emptyContact: ContactInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
  marketingConsent: false,
  referralCode: '',
};

export const emptyB2BRequest: B2BRequestInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  companyName: '',
  jobTitle: '',
  companySize: '',
  industry: '',
  website: '',
  businessNeeds: '',
  marketingConsent: false,
  referralCode: '',
};

/** A schema message (a catalog key) in the page's language. */
export function errorText(
  errors: FormsMessages['errors'],
  field: string,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  if (message === 'tooLong') return errors.tooLong(limits[field as keyof typeof limits] ?? 0);
  const text = errors[message as FormErrorKey];
  return typeof text === 'string' ? text : message;
}
