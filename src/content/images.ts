import type { ImageRef } from './types';

/**
 * Illustrations shipped in public/images. They are decorative next to a title
 * that says the same thing, so their alt text is empty.
 */
function illustration(name: string): ImageRef {
  return { src: `/images/illustrations/${name}.svg`, width: 480, height: 320, alt: '' };
}

export const illustrations = {
  oliveOil: illustration('olive-oil'),
  honey: illustration('honey'),
  olives: illustration('olives'),
  herbs: illustration('herbs'),
  wine: illustration('wine'),
  cheese: illustration('cheese'),
  harbour: illustration('harbour'),
  grove: illustration('grove'),
  market: illustration('market'),
  label: illustration('label'),
} as const;

/** Portraits carry their alt text from the page, which knows the person's name and language. */
export function portrait(name: string): ImageRef {
  return { src: `/images/team/${name}.svg`, width: 320, height: 320, alt: '' };
}

export function partnerEmblem(name: string): ImageRef {
  return { src: `/images/partners/${name}.svg`, width: 320, height: 200, alt: '' };
}
