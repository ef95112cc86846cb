/**
 * The English catalog is the source: its shape is the type every other
 * catalog must satisfy, so a missing French key is a type error.
 * Namespaces keep each feature's strings together.
 */
import { auth } from './en/auth';
import { common } from './en/common';
import { forms } from './en/forms';
import { insights } from './en/insights';
import { site } from './en/site';

export const en = { common, site, insights, auth, forms };

export type Messages = typeof en;
