import { z } from 'zod';

// The site's Content-Security-Policy forbids eval. Zod would otherwise probe
// `new Function` to compile fast object parsers, and even a caught probe is
// reported as a securitypolicyviolation; it must be off before any schema is
// built, so schemas import z from here.
z.config({ jitless: true });

export { z };
