/**
 * The choices of a company's form (docs/decisions/111-companies-and-documents.md):
 * country, its provinces or states (postal codes), the customer types (the
 * industries of the B2B request form, which the database's check repeats)
 * and the preferred language.
 */
export const countries = [
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States' },
] as const;

export type Country = (typeof countries)[number]['value'];

export const regionsByCountry: Record<Country, readonly { value: string; label: string }[]> = {
  CA: [
    ['AB', 'Alberta'],
    ['BC', 'British Columbia'],
    ['MB', 'Manitoba'],
    ['NB', 'New Brunswick'],
    ['NL', 'Newfoundland and Labrador'],
    ['NS', 'Nova Scotia'],
    ['NT', 'Northwest Territories'],
    ['NU', 'Nunavut'],
    ['ON', 'Ontario'],
    ['PE', 'Prince Edward Island'],
    ['QC', 'Quebec'],
    ['SK', 'Saskatchewan'],
    ['YT', 'Yukon'],
  ].map(([value, label]) => ({ value: value!, label: label! })),
  US: [
    ['AL', 'Alabama'],
    ['AK', 'Alaska'],
    ['AZ', 'Arizona'],
    ['AR', 'Arkansas'],
    ['CA', 'California'],
    ['CO', 'Colorado'],
    ['CT', 'Connecticut'],
    ['DE', 'Delaware'],
    ['DC', 'District of Columbia'],
    ['FL', 'Florida'],
    ['GA', 'Georgia'],
    ['HI', 'Hawaii'],
    ['ID', 'Idaho'],
    ['IL', 'Illinois'],
    ['IN', 'Indiana'],
    ['IA', 'Iowa'],
    ['KS', 'Kansas'],
    ['KY', 'Kentucky'],
    ['LA', 'Louisiana'],
    ['ME', 'Maine'],
    ['MD', 'Maryland'],
    ['MA', 'Massachusetts'],
    ['MI', 'Michigan'],
    ['MN', 'Minnesota'],
    ['MS', 'Mississippi'],
    ['MO', 'Missouri'],
    ['MT', 'Montana'],
    ['NE', 'Nebraska'],
    ['NV', 'Nevada'],
    ['NH', 'New Hampshire'],
    ['NJ', 'New Jersey'],
    ['NM', 'New Mexico'],
    ['NY', 'New York'],
    ['NC', 'North Carolina'],
    ['ND', 'North Dakota'],
    ['OH', 'Ohio'],
    ['OK', 'Oklahoma'],
    ['OR', 'Oregon'],
    ['PA', 'Pennsylvania'],
    ['PR', 'Puerto Rico'],
    ['RI', 'Rhode Island'],
    ['SC', 'South Carolina'],
    ['SD', 'South Dakota'],
    ['TN', 'Tennessee'],
    ['TX', 'Texas'],
    ['UT', 'Utah'],
    ['VT', 'Vermont'],
    ['VA', 'Virginia'],
    ['WA', 'Washington'],
    ['WV', 'West Virginia'],
    ['WI', 'Wisconsin'],
    ['WY', 'Wyoming'],
  ].map(([value, label]) => ({ value: value!, label: label! })),
};

export function regionLabel(country: string, region: string): string {
  const list = regionsByCountry[country as Country] ?? [];
  return list.find((r) => r.value === region)?.label ?? region;
}

export const customerTypes = [
  { value: 'retail', label: 'Retail' },
  { value: 'foodservice', label: 'Foodservice' },
  { value: 'wholesale', label: 'Wholesale' },
  { value: 'distribution', label: 'Distribution' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'other', label: 'Other' },
] as const;

export const customerTypeLabel = (value: string) => customerTypes.find((t) => t.value === value)?.label ?? value;

export const languages = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
] as const;

export const languageLabel = (value: string) => languages.find((l) => l.value === value)?.label ?? value;

/** A moment as staff read it in the companies screens ("Never" when it has not happened). */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
