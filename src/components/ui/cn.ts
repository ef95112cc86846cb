import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. We skip tailwind-merge (7 KiB gzip on every public
 * page): variants are written so they never need to override one another.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
