/**
 * Business details in one place (docs/decisions/012-business-details-in-one-place.md). Plausible fictional values
 * until the client supplies the real ones.
 */
export const site = {
  name: 'Olea & Thyme Imports',
  shortName: 'Olea & Thyme',
  legalName: 'Olea & Thyme Imports Inc.',
  foundedYear: 2016,
  email: {
    info: 'info@example.com',
    privacy: 'privacy@example.com',
    partnerships: 'partners@example.com',
  },
  phone: { display: '+1 (613) 555-0142', href: 'tel:+16135550142' },
  address: {
    street: '240 Sparks Street, Suite 610',
    city: 'Ottawa',
    region: 'Ontario',
    regionCode: 'ON',
    postalCode: 'K1P 5B5',
    country: 'Canada',
  },
  sisterBrandUrl: 'https://www.example.com/kalimera-pantry',
  sisterBrandName: 'Kalimera Pantry',
  domains: { primary: 'oleathyme.example.com', backup: 'oleathyme-backup.example.com' },
} as const;

export type Site = typeof site;
