/**
 * The public catalogue's strings (docs/decisions/191-catalogue-on-the-public-site.md).
 * Not part of the eager catalog: the catalogue pages' chunk carries both
 * languages' copies, so no other page downloads them. The products' own texts
 * come from the database.
 */
export const catalogue = {
  crumb: 'Products',
  index: {
    title: 'Our products',
    metaTitle: 'Products: Greek and Mediterranean foods for retail and foodservice',
    intro:
      'Everything we import, category by category: where it comes from, how it is packed and stored, and how it is certified. Prices are shared with approved clients in the client portal.',
    productCount: (n: number) => (n === 1 ? '1 product' : `${n} products`),
  },
  category: {
    otherCategories: 'Categories',
    filters: 'Filter the products',
    certification: 'Certification',
    origin: 'Origin',
    storage: 'Storage',
    any: 'Any',
    clear: 'Clear the filters',
    showing: (shown: number, total: number) =>
      shown === total ? (total === 1 ? '1 product' : `${total} products`) : `${shown} of ${total} products`,
    none: 'No product matches these filters.',
    empty: 'No product is listed in this category yet.',
  },
  product: {
    sku: 'SKU',
    brand: 'Brand',
    origin: 'Origin',
    pack: 'Pack',
    packValue: (unit: string, perCase: number) => `${unit} × ${perCase} per case`,
    minOrder: 'Minimum order',
    minOrderValue: (cases: number) => (cases === 1 ? '1 case' : `${cases} cases`),
    leadTime: 'Lead time',
    leadTimeValue: (days: number) =>
      days === 0 ? 'Ships from stock' : days === 1 ? '1 business day' : `${days} business days`,
    storage: 'Storage',
    shelfLife: 'Shelf life',
    shelfLifeValue: (days: number) =>
      days % 30 === 0 && days >= 60 ? `${days / 30} months` : days === 1 ? '1 day' : `${days} days`,
    allergens: 'Allergens',
    noAllergens: 'None of the priority allergens',
    certifications: 'Certifications',
    details: 'Product details',
    documents: 'Documents',
    download: (title: string) => `Download ${title}`,
    downloading: 'Preparing the download…',
    downloadFailed: 'The document could not be downloaded. Please try again in a moment.',
    fileLanguage: { en: 'in English', fr: 'in French', el: 'in Greek', multi: 'multilingual' } as Record<
      string,
      string
    >,
    clientDocuments: 'Certificates and other documents are available to approved clients in the client portal.',
    orderOnline: 'Approved clients order this product in the client portal.',
    askQuote: 'Ask about this product',
    pictures: 'Pictures',
  },
  storage: { ambient: 'Ambient', chilled: 'Chilled', frozen: 'Frozen' },
  certifications: {
    organic: 'Organic',
    pdo: 'PDO',
    pgi: 'PGI',
    kosher: 'Kosher',
    halal: 'Halal',
    non_gmo: 'Non-GMO',
  } as Record<string, string>,
  certificationNames: {
    organic: 'Certified organic',
    pdo: 'Protected Designation of Origin',
    pgi: 'Protected Geographical Indication',
    kosher: 'Kosher certified',
    halal: 'Halal certified',
    non_gmo: 'Non-GMO',
  } as Record<string, string>,
  allergens: {
    eggs: 'Eggs',
    milk: 'Milk',
    mustard: 'Mustard',
    peanuts: 'Peanuts',
    crustaceans: 'Crustaceans',
    molluscs: 'Molluscs',
    fish: 'Fish',
    sesame: 'Sesame',
    soy: 'Soy',
    sulphites: 'Sulphites',
    tree_nuts: 'Tree nuts',
    wheat: 'Wheat or triticale',
    gluten: 'Gluten',
  } as Record<string, string>,
  notOrderable: {
    liquor_board:
      'Sold through the provincial liquor boards (such as the SAQ and the LCBO), not ordered from us directly.',
    quote_only: 'Priced on request: ask your account manager for a quote.',
    seasonal: 'A small seasonal harvest, reserved through your account manager.',
  } as Record<string, string>,
};

export type CatalogueMessages = typeof catalogue;
