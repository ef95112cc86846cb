/**
 * The English catalog is the source: its shape is the type every other
 * catalog must satisfy, so a missing French key is a type error.
 * Namespaces keep each feature's strings together.
 */
import { auth } from './en/auth';
import { common } from './en/common';
import { insights } from './en/insights';
import { site } from './en/site';

// The lead forms' strings (./en/forms, ./fr/forms) load with the lazy forms
// instead of on every page: see features/lead-forms/use-forms-messages.ts.
export const en = { common, site, insights, auth };

export type Messages = typeof en;
