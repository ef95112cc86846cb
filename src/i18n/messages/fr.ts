import type { Messages } from './en';
import { auth } from './fr/auth';
import { common } from './fr/common';
import { insights } from './fr/insights';
import { site } from './fr/site';

export const fr: Messages = { common, site, insights, auth };
