import * as z from 'zod/mini';

// zod/mini: the same validation engine as zod with functions instead of
// methods, so a bundle carries only the checks it uses (a fraction of full
// zod's size; docs/decisions/103-smaller-validation.md).
//
// The site's Content-Security-Policy forbids eval. Zod would otherwise probe
// `new Function` to compile fast object parsers, and even a caught probe is
// reported as a securitypolicyviolation; it must be off before any schema is
// built, so schemas import z from here.
z.config({ jitless: true });

export { z };
