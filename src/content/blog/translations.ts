/**
 * Slugs of the English posts that also exist in French (a translation keeps
 * its original's slug). Kept apart from the posts so an English article can
 * say whether it has a French alternate without loading the French chunk; a
 * test holds it against the French posts.
 */
export const translatedSlugs: readonly string[] = [
  'bringing-greek-olive-oil-to-canada',
  'bilingual-labels-without-the-headaches',
];
