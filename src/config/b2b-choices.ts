/**
 * The fixed choices of a B2B access request: the request form offers them,
 * the confirmation page offers them again, and the database accepts only
 * these (public.submit_access_request). Labels live in the forms catalogs.
 */
export const companySizes = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;
export const industries = ['retail', 'foodservice', 'wholesale', 'distribution', 'manufacturing', 'other'] as const;
