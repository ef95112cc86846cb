/**
 * Lead forms (docs/product-rules.md, lead forms): labels, choices, validation
 * messages, consent texts and states. Not part of the eager catalog: the
 * lazily loaded forms import it.
 */

/** The business details CASL requires a consent request to name (from the site config). */
export type ConsentDetails = { legalName: string; address: string; phone: string; privacyEmail: string };

export const forms = {
  optional: '(optional)',
  errors: {
    firstNameRequired: 'Enter your first name.',
    lastNameRequired: 'Enter your last name.',
    emailRequired: 'Enter your email address.',
    emailInvalid: 'Enter a valid email address, like name@example.com.',
    phoneRequired: 'Enter your phone number.',
    phoneInvalid: 'Enter a valid phone number, like 613-555-0142.',
    messageRequired: 'Enter your message.',
    companyNameRequired: 'Enter your company name.',
    jobTitleRequired: 'Enter your job title.',
    companySizeRequired: 'Select your company size.',
    industryRequired: 'Select your industry.',
    websiteInvalid: 'Enter a valid website address, like https://example.com.',
    businessNeedsRequired: 'Tell us about your business needs.',
    websiteRequired: 'Enter your company website.',
    tooLong: (max: number) => `Use ${max} characters or fewer.`,
    /** HubSpot refused the address (its INVALID_EMAIL). */
    emailRejected: 'This email address was not accepted. Check it for typing mistakes and try again.',
    /** The HubSpot form blocks this address or its domain (its BLOCKED_EMAIL). */
    emailBlocked: 'This email address cannot be used here. Please use your business email address.',
    fieldRejected: 'This value was not accepted. Check it and try again.',
  },
  /**
   * The one message for a submission that reached neither the database nor
   * HubSpot: the visitor keeps what was typed and retries
   * (docs/decisions/080-leads-stored-before-hubspot.md).
   */
  submitError: 'An error occurred while sending. Please try again.',
  submitLimited:
    'We have received several messages from your connection in the last few minutes. Please wait about ten minutes and try again, or call or email us.',
  /**
   * Marketing consent as Canada's anti-spam law (CASL) requires: asked
   * separately, never pre-ticked, naming who asks, what they will send and how
   * to withdraw, with the sender's contact details. Changing any of these texts
   * means changing CONSENT_VERSION in features/lead-forms/consent.ts.
   */
  consent: {
    marketingLabel: (legalName: string) =>
      `Yes, I would like to receive emails from ${legalName} about its products, news and offers.`,
    marketingDetails: (d: ConsentDetails) =>
      `You can withdraw your consent at any time with the unsubscribe link in every email or by writing to ${d.privacyEmail}. ${d.legalName}, ${d.address}, ${d.phone}.`,
    processing:
      'We use what you send us to answer your request. It is kept in our database and in HubSpot, our customer relationship service, as our Privacy Policy explains. Ticking the box above is optional.',
    privacyLink: 'Read the Privacy Policy',
    newTab: '(opens in a new tab)',
  },
  /** The hidden field only bots fill in. */
  honeypotLabel: 'Leave this field empty',
  contact: {
    formLabel: 'Contact form',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    phonePlaceholder: 'xxx-xxx-xxxx',
    message: 'Message',
    submit: 'Send message',
    submitting: 'Sending...',
    thankYouTitle: 'Thank you.',
    thankYouBody: "We'll be following up shortly.",
    close: 'Close',
  },
  b2b: {
    formLabel: 'B2B access request',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Business email',
    phone: 'Phone',
    phonePlaceholder: 'xxx-xxx-xxxx',
    companyName: 'Company name',
    jobTitle: 'Job title',
    companySize: 'Company size',
    industry: 'Industry',
    select: 'Select',
    website: 'Company website',
    websitePlaceholder: 'https://example.com',
    businessNeeds: 'Business needs',
    businessNeedsHint: 'Which products or services interest you, and in what volumes?',
    submit: 'Submit request',
    submitting: 'Submitting...',
    success: 'Your B2B access request has been submitted successfully. Our team will contact you shortly.',
    companySizes: {
      '1-10': '1–10 employees',
      '11-50': '11–50 employees',
      '51-200': '51–200 employees',
      '201-500': '201–500 employees',
      '500+': 'More than 500 employees',
    },
    industries: {
      retail: 'Retail',
      foodservice: 'Foodservice',
      wholesale: 'Wholesale',
      distribution: 'Distribution',
      manufacturing: 'Manufacturing',
      other: 'Other',
    },
  },
};

export type FormsMessages = typeof forms;
