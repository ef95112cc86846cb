import { describe, expect, it } from 'vitest';
import {
  PRODUCT_ALLERGENS,
  PRODUCT_CSV_COLUMNS,
  checkProductCsvSize,
  planImport,
  productsToCsv,
  readProductCsv,
  type ProductCsvColumn,
  type ProductCsvRow,
} from './product-csv';

const categories = ['olive-oils', 'honeys', 'cheeses', 'wines-vinegars'];

const oil: ProductCsvRow = {
  sku: 'OO-0001',
  category: 'olive-oils',
  brand: 'Kritsa Estate',
  origin_country: 'GR',
  origin_region_en: 'Crete',
  origin_region_fr: 'Crète',
  unit_size: 500,
  unit: 'mL',
  units_per_case: 12,
  min_order_cases: 1,
  lead_time_business_days: 5,
  storage: 'ambient',
  shelf_life_days: 540,
  allergens: [],
  certifications: ['organic', 'pdo'],
  orderable_online: true,
  not_orderable_reason: null,
  status: 'published',
  name_en: 'Early harvest extra virgin olive oil',
  slug_en: 'early-harvest-extra-virgin-olive-oil',
  short_description_en: 'Green, peppery, cold-extracted in October.',
  description_en: 'Koroneiki olives, picked green.\n\n- Cold extracted\n- Unfiltered',
  name_fr: 'Huile d’olive extra vierge de récolte précoce',
  slug_fr: 'huile-d-olive-extra-vierge-de-recolte-precoce',
  short_description_fr: 'Verte, poivrée, extraite à froid en octobre.',
  description_fr: 'Olives koroneiki, cueillies vertes.',
};

const feta: ProductCsvRow = {
  ...oil,
  sku: 'CH-0007',
  category: 'cheeses',
  brand: 'Dodoni',
  origin_region_en: 'Epirus',
  origin_region_fr: 'Épire',
  unit_size: 0.5,
  unit: 'kg',
  units_per_case: 6,
  min_order_cases: 2,
  lead_time_business_days: 0,
  storage: 'chilled',
  shelf_life_days: 120,
  allergens: ['milk'],
  certifications: ['pdo'],
  status: 'draft',
  name_en: 'Barrel-aged feta',
  slug_en: 'barrel-aged-feta',
  short_description_en: 'Sheep and goat milk, aged in beech barrels.',
  description_en: '',
  name_fr: 'Feta affinée en fût',
  slug_fr: 'feta-affinee-en-fut',
  short_description_fr: '',
  description_fr: '',
};

const wine: ProductCsvRow = {
  ...oil,
  sku: 'WN-0100',
  category: 'wines-vinegars',
  brand: 'Domaine Sigalas',
  origin_region_en: null,
  origin_region_fr: null,
  unit_size: 750,
  unit: 'mL',
  units_per_case: 6,
  lead_time_business_days: 20,
  shelf_life_days: 3650,
  allergens: ['sulphites'],
  certifications: [],
  orderable_online: false,
  not_orderable_reason: 'liquor_board',
  name_en: 'Assyrtiko, Santorini',
  slug_en: 'assyrtiko-santorini',
  name_fr: 'Assyrtiko, Santorin',
  slug_fr: 'assyrtiko-santorin',
};

type Cells = Partial<Record<ProductCsvColumn, string>>;

/** The product as a staff member would type it in a spreadsheet. */
function cellsOf(product: ProductCsvRow): Record<ProductCsvColumn, string> {
  return Object.fromEntries(
    PRODUCT_CSV_COLUMNS.map((column) => {
      const value = product[column];
      const cell = Array.isArray(value)
        ? value.join(';')
        : typeof value === 'boolean'
          ? value
            ? 'yes'
            : 'no'
          : String(value ?? '');
      return [column, cell];
    }),
  ) as Record<ProductCsvColumn, string>;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A CSV file written by hand, as simply as a spreadsheet would: no formula escaping. */
function csvFile(rows: Cells[], { columns = [...PRODUCT_CSV_COLUMNS] as string[], lineEnd = '\n' } = {}): string {
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((c) => quote(row[c as ProductCsvColumn] ?? '')).join(',')),
  ];
  return lines.join(lineEnd) + lineEnd;
}

/** A file of the three products, `changes` applied to the first one (row 2). */
function fileWith(changes: Cells): string {
  return csvFile([{ ...cellsOf(oil), ...changes }, cellsOf(feta), cellsOf(wine)]);
}

const messages = (csv: string) => readProductCsv(csv, { categories }).errors.map((error) => error.message);

describe('reading a product file', () => {
  it('reads a good file of several products into their normalised rows', () => {
    const csv = csvFile([
      { ...cellsOf(oil), certifications: 'PDO; organic', origin_country: 'gr', unit: 'ml' },
      { ...cellsOf(feta), status: 'Draft' },
      { ...cellsOf(wine), orderable_online: 'No', origin_region_en: '  ', origin_region_fr: '' },
    ]);
    const read = readProductCsv(csv, { categories });
    expect(read.errors).toEqual([]);
    expect(read.products).toEqual([
      { row: 2, product: oil },
      { row: 3, product: feta },
      { row: 4, product: wine },
    ]);
  });

  it('exports the allergen list for other modules', () => {
    expect(PRODUCT_ALLERGENS).toEqual([
      'eggs',
      'milk',
      'mustard',
      'peanuts',
      'crustaceans',
      'molluscs',
      'fish',
      'sesame',
      'soy',
      'sulphites',
      'tree_nuts',
      'wheat',
      'gluten',
    ]);
  });

  it('takes the columns in any order, CRLF line ends and a byte-order mark', () => {
    const columns = [...PRODUCT_CSV_COLUMNS].reverse();
    const csv = `\uFEFF${csvFile([cellsOf(oil), cellsOf(wine)], { columns, lineEnd: '\r\n' })}`;
    const read = readProductCsv(csv, { categories });
    expect(read.errors).toEqual([]);
    expect(read.products.map(({ product }) => product)).toEqual([oil, wine]);
  });

  it('names a missing column once, for the whole file', () => {
    const columns = PRODUCT_CSV_COLUMNS.filter((column) => column !== 'shelf_life_days');
    const errors = readProductCsv(csvFile([cellsOf(oil), cellsOf(feta)], { columns }), { categories }).errors;
    expect(errors).toEqual([
      { row: null, field: null, message: 'The header row is missing the column shelf_life_days.' },
    ]);
  });

  it('refuses an unknown column', () => {
    const columns = [...PRODUCT_CSV_COLUMNS, 'price'];
    const [error] = messages(csvFile([cellsOf(oil)], { columns }));
    expect(error).toMatch(/^The header row has unknown column "price"; the columns are sku, category, /);
  });

  it('names both rows of a repeated SKU, and of a repeated slug', () => {
    const csv = csvFile([
      cellsOf(oil),
      cellsOf(feta),
      { ...cellsOf(wine), sku: 'OO-0001' },
      { ...cellsOf(wine), sku: 'WN-0200', slug_en: 'assyrtiko-2024', slug_fr: 'feta-affinee-en-fut' },
    ]);
    expect(messages(csv)).toEqual([
      'row 4: SKU OO-0001 is already on row 2',
      'row 5: slug_fr feta-affinee-en-fut is already on row 3',
    ]);
  });

  it('refuses a negative pack size as a number, not as a formula', () => {
    expect(messages(fileWith({ unit_size: '-0.5' }))).toEqual([
      'row 2: unit_size must be a number greater than 0 (got "-0.5")',
    ]);
    expect(messages(fileWith({ unit_size: '0', units_per_case: '-12' }))).toEqual([
      'row 2: unit_size must be a number greater than 0 (got "0")',
      'row 2: units_per_case must be a whole number from 1 to 10,000 (got "-12")',
    ]);
  });

  it('refuses text where a number belongs, naming the row and the column', () => {
    const read = readProductCsv(
      fileWith({ unit_size: 'abc', units_per_case: 'twelve', lead_time_business_days: '1.5', shelf_life_days: '' }),
      { categories },
    );
    expect(read.errors).toEqual([
      { row: 2, field: 'unit_size', message: 'row 2: unit_size must be a number greater than 0 (got "abc")' },
      {
        row: 2,
        field: 'units_per_case',
        message: 'row 2: units_per_case must be a whole number from 1 to 10,000 (got "twelve")',
      },
      {
        row: 2,
        field: 'lead_time_business_days',
        message: 'row 2: lead_time_business_days must be a whole number from 0 to 250 (got "1.5")',
      },
      { row: 2, field: 'shelf_life_days', message: 'row 2: shelf_life_days is required' },
    ]);
    // The two other rows are fine and read, though nothing would be imported.
    expect(read.products.map(({ row }) => row)).toEqual([3, 4]);
  });

  it.each([
    ['name_en', '=HYPERLINK("http://evil.example","Click")', '"="'],
    ['brand', '+1', '"+"'],
    ['description_en', '@SUM(A1:A9)', '"@"'],
    ['short_description_fr', '\t=1+1', 'a tab'],
    ['origin_region_en', ' -2+3', '"-"'],
    ['units_per_case', '=12', '"="'],
  ] as const)('refuses a cell a spreadsheet would run as a formula: %s %j', (field, cell, shown) => {
    const read = readProductCsv(fileWith({ [field]: cell }), { categories });
    expect(read.errors).toEqual([
      {
        row: 2,
        field,
        message:
          `row 2: ${field} starts with ${shown}, which a spreadsheet may run as a formula: ` +
          'remove that character or start the cell with other text',
      },
    ]);
  });

  it("takes back the export's own escaping: a quote before a formula character", () => {
    const read = readProductCsv(
      fileWith({ description_en: "'- Cold extracted\n'- Unfiltered", short_description_en: "Serve chilled; '-2 °C" }),
      { categories },
    );
    expect(read.errors).toEqual([]);
    expect(read.products[0]?.product.description_en).toBe('- Cold extracted\n- Unfiltered');
    expect(read.products[0]?.product.short_description_en).toBe('Serve chilled; -2 °C');
  });

  it('refuses a file over 2 MB at once, without reading it', () => {
    // Ten megabytes that could not even be parsed: an unclosed quote on the first line.
    const huge = `sku,"category\n${'OO-0001,olive-oils,Kritsa\n'.repeat(420_000)}`;
    expect(huge.length).toBeGreaterThan(10 * 1024 * 1024);
    const started = performance.now();
    const plan = planImport(huge, { categories, existing: {} });
    expect(performance.now() - started).toBeLessThan(250);
    expect(plan).toEqual({
      errors: [
        {
          row: null,
          field: null,
          message: 'The file is 10.5 MB; a product file may be at most 2 MB. Split it into smaller files.',
        },
      ],
      create: [],
      change: [],
      skip: [],
    });
  });

  it('counts bytes, not characters, and lets the screen check a picked file first', () => {
    expect(checkProductCsvSize(2 * 1024 * 1024)).toBeNull();
    expect(checkProductCsvSize(2 * 1024 * 1024 + 1)?.message).toBe(
      'The file is 2.1 MB; a product file may be at most 2 MB. Split it into smaller files.',
    );
    // 1.1 million two-byte characters: under the limit in characters, over it in bytes.
    const accents = `${PRODUCT_CSV_COLUMNS.join(',')}\n${'é'.repeat(1_100_000)}`;
    expect(messages(accents)).toEqual([
      'The file is 2.1 MB; a product file may be at most 2 MB. Split it into smaller files.',
    ]);
  });

  it('refuses more than 5,000 product rows', () => {
    const row = csvFile([cellsOf(feta)]).split('\n')[1];
    const csv = `${PRODUCT_CSV_COLUMNS.join(',')}\n${`${row}\n`.repeat(5001)}`;
    expect(messages(csv)).toEqual(['The file has more than 5,000 product rows; split it into files of at most 5,000.']);
  });

  it('lists an unknown allergen with the codes it may be', () => {
    expect(messages(fileWith({ allergens: 'milk;nuts' }))).toEqual([
      `row 2: allergens: "nuts" is not one of ${PRODUCT_ALLERGENS.join(', ')}`,
    ]);
    expect(messages(fileWith({ certifications: 'bio' }))).toEqual([
      'row 2: certifications: "bio" is not one of organic, pdo, pgi, kosher, halal, non_gmo',
    ]);
  });

  it('forgives case, spaces and dashes in allergen codes, keeps each once, sorted', () => {
    const read = readProductCsv(fileWith({ allergens: 'Tree nuts; sesame;tree-nuts;' }), { categories });
    expect(read.errors).toEqual([]);
    expect(read.products[0]?.product.allergens).toEqual(['sesame', 'tree_nuts']);
  });

  it('asks for gluten with wheat, as the database does', () => {
    expect(messages(fileWith({ allergens: 'wheat' }))).toEqual([
      'row 2: allergens: wheat is a source of gluten, so list gluten too',
    ]);
  });

  it('asks why a wine cannot be ordered online', () => {
    const csv = csvFile([cellsOf(oil), { ...cellsOf(wine), not_orderable_reason: '' }]);
    expect(readProductCsv(csv, { categories }).errors).toEqual([
      {
        row: 3,
        field: 'not_orderable_reason',
        message:
          'row 3: orderable_online is no, so not_orderable_reason is required (liquor_board, quote_only, seasonal)',
      },
    ]);
    expect(messages(fileWith({ orderable_online: 'oui', not_orderable_reason: 'seasonal' }))).toEqual([
      'row 2: orderable_online is yes, so leave not_orderable_reason empty',
    ]);
    expect(messages(fileWith({ orderable_online: 'maybe' }))).toEqual([
      'row 2: orderable_online must be yes or no (got "maybe")',
    ]);
  });

  it('reads a French decimal comma, and a file French Excel saved with semicolons', () => {
    const read = readProductCsv(fileWith({ unit_size: '0,75', unit: 'L' }), { categories });
    expect(read.errors).toEqual([]);
    expect(read.products[0]?.product).toMatchObject({ unit_size: 0.75, unit: 'L' });

    const semicolons = [
      PRODUCT_CSV_COLUMNS.join(';'),
      PRODUCT_CSV_COLUMNS.map((column) => {
        const cell = { ...cellsOf(feta), allergens: 'milk;sulphites' }[column];
        return /[";\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
      }).join(';'),
    ].join('\r\n');
    const french = readProductCsv(semicolons, { categories });
    expect(french.errors).toEqual([]);
    expect(french.products[0]?.product).toMatchObject({ unit_size: 0.5, allergens: ['milk', 'sulphites'] });
  });

  it('refuses a comma that could be a decimal or a thousands separator', () => {
    expect(messages(fileWith({ unit_size: '1,500', unit: 'g' }))).toEqual([
      'row 2: unit_size "1,500" could be read two ways: write 1.500 or 1500',
    ]);
    const read = readProductCsv(fileWith({ unit_size: '0,250', unit: 'kg' }), { categories });
    expect(read.errors).toEqual([]);
    expect(read.products[0]?.product.unit_size).toBe(0.25);
    expect(messages(fileWith({ unit_size: '0.0001' }))).toEqual([
      'row 2: unit_size may have at most 3 decimals (got "0.0001")',
    ]);
  });

  it('reads quoted cells holding commas, quotes and line breaks', () => {
    const description = 'Thyme honey, "raw", from Crete.\r\n\r\nCrystallises, which is natural; stir, don’t heat.';
    const read = readProductCsv(fileWith({ description_en: description, brand: 'Melissa, Sons & Co' }), {
      categories,
    });
    expect(read.errors).toEqual([]);
    expect(read.products[0]?.product).toMatchObject({
      brand: 'Melissa, Sons & Co',
      description_en: 'Thyme honey, "raw", from Crete.\n\nCrystallises, which is natural; stir, don’t heat.',
    });
    expect(read.products[1]?.row).toBe(3);
  });

  it('keeps spreadsheet row numbers past blank lines and multi-line cells', () => {
    const lines = csvFile([
      { ...cellsOf(oil), description_en: 'one\ntwo\nthree' },
      {},
      { ...cellsOf(feta), unit: 'oz' },
    ]);
    expect(messages(lines)).toEqual(['row 4: unit: "oz" is not one of mL, L, g, kg']);
  });

  it('names the row where a quote is never closed', () => {
    const csv = `${csvFile([cellsOf(oil)])}CH-0007,"cheeses,Dodoni\n`;
    expect(messages(csv)).toEqual([
      'row 3: a cell opens a quote (") that is never closed, so the rest of the file cannot be read.',
    ]);
  });

  it('checks names, slugs, SKUs and categories', () => {
    expect(
      messages(fileWith({ sku: 'oo 1', category: 'olive-oil', name_fr: '', slug_en: 'Early_Harvest', brand: 'A\nB' })),
    ).toEqual([
      'row 2: SKU "oo 1" must be letters and digits in groups joined by single dashes, at most 32 characters (such as OO-0001)',
      'row 2: category "olive-oil" is not a known category (olive-oils, honeys, cheeses, wines-vinegars)',
      'row 2: brand must be on one line',
      'row 2: slug_en must be lower-case letters and digits joined by single dashes, at most 120 characters (got "Early_Harvest")',
      'row 2: name_fr is required',
    ]);
  });

  it('holds SKUs, countries, regions and reasons to the database’s rules', () => {
    const read = readProductCsv(fileWith({ sku: 'oo-0001', not_orderable_reason: '' }), { categories });
    expect(read.errors).toEqual([]);
    expect(read.products[0]?.product.sku).toBe('OO-0001');
    expect(
      messages(
        csvFile([
          { ...cellsOf(oil), sku: 'OO--1', origin_country: 'XX', origin_region_fr: '' },
          { ...cellsOf(feta), sku: `CH-${'9'.repeat(30)}`, origin_region_en: '' },
          { ...cellsOf(wine), not_orderable_reason: 'discontinued' },
        ]),
      ),
    ).toEqual([
      'row 2: SKU "OO--1" must be letters and digits in groups joined by single dashes, at most 32 characters (such as OO-0001)',
      'row 2: origin_country must be a two-letter ISO country code such as GR or IT (got "XX")',
      'row 2: origin_region_en and origin_region_fr go together: give the region in both languages or leave both empty',
      `row 3: SKU "CH-${'9'.repeat(30)}" must be letters and digits in groups joined by single dashes, at most 32 characters (such as OO-0001)`,
      'row 3: origin_region_en and origin_region_fr go together: give the region in both languages or leave both empty',
      'row 4: not_orderable_reason: "discontinued" is not one of liquor_board, quote_only, seasonal',
    ]);
    const quote = readProductCsv(csvFile([{ ...cellsOf(wine), not_orderable_reason: 'Quote_Only' }]), { categories });
    expect(quote.products[0]?.product.not_orderable_reason).toBe('quote_only');
  });

  it('counts characters as the database does: an emoji is one', () => {
    expect(messages(fileWith({ short_description_en: '🫒'.repeat(300) }))).toEqual([]);
    expect(messages(fileWith({ short_description_en: '🫒'.repeat(301) }))).toEqual([
      'row 2: short_description_en is 301 characters long; at most 300',
    ]);
  });

  it('says so when there is no product at all', () => {
    expect(messages('')).toEqual(['The file is empty: the first row must name the columns.']);
    expect(messages(`${PRODUCT_CSV_COLUMNS.join(',')}\r\n`)).toEqual(['The file has a header row but no products.']);
  });

  it('lists the first 200 errors and counts the rest', () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({
      ...cellsOf(oil),
      sku: `OO-${i}`,
      slug_en: `oil-${i}`,
      slug_fr: `huile-${i}`,
      unit: 'oz',
      storage: 'cellar',
    }));
    const found = messages(csvFile(rows));
    expect(found).toHaveLength(201);
    expect(found[200]).toBe('…and 100 more errors: fix these and check the file again.');
  });
});

describe('the dry run', () => {
  const existing = new Map([
    [oil.sku, oil],
    [feta.sku, feta],
  ]);

  it('sorts the rows into products to create, to change (naming the fields) and to skip', () => {
    const csv = csvFile([
      cellsOf(oil),
      {
        ...cellsOf(feta),
        brand: 'Dodoni S.A.',
        allergens: 'milk;sulphites',
        unit_size: '0,50',
        lead_time_business_days: '3',
      },
      cellsOf(wine),
    ]);
    expect(planImport(csv, { categories, existing })).toEqual({
      errors: [],
      create: [{ sku: 'WN-0100', row: 4, product: wine }],
      change: [
        {
          sku: 'CH-0007',
          row: 3,
          fields: ['brand', 'lead_time_business_days', 'allergens'],
          product: { ...feta, brand: 'Dodoni S.A.', allergens: ['milk', 'sulphites'], lead_time_business_days: 3 },
        },
      ],
      skip: [{ sku: 'OO-0001', row: 2 }],
    });
  });

  it('takes the catalogue as a plain object too, and an empty optional text as the same as none', () => {
    const stored = {
      ...wine,
      origin_region_en: '' as unknown as null,
      origin_region_fr: '' as unknown as null,
      allergens: ['sulphites' as const],
    };
    const plan = planImport(csvFile([cellsOf(wine)]), { categories, existing: { [wine.sku]: stored } });
    expect(plan.skip).toEqual([{ sku: 'WN-0100', row: 2 }]);
  });

  it('applies nothing when any row has an error', () => {
    const plan = planImport(fileWith({ storage: 'cellar' }), { categories, existing });
    expect(plan).toEqual({
      errors: [
        {
          row: 2,
          field: 'storage',
          message: 'row 2: storage: "cellar" is not one of ambient, chilled, frozen',
        },
      ],
      create: [],
      change: [],
      skip: [],
    });
  });

  it('refuses a slug another product keeps', () => {
    const csv = csvFile([{ ...cellsOf(wine), slug_en: feta.slug_en }]);
    expect(planImport(csv, { categories, existing }).errors).toEqual([
      {
        row: 2,
        field: 'slug_en',
        message: 'row 2: slug_en barrel-aged-feta is already used by product CH-0007',
      },
    ]);
    // Unless that product takes another slug in the same file.
    const swap = csvFile([
      { ...cellsOf(wine), slug_en: feta.slug_en },
      { ...cellsOf(feta), slug_en: 'feta-in-brine' },
    ]);
    expect(planImport(swap, { categories, existing }).errors).toEqual([]);
  });
});

describe('the export', () => {
  const tricky: ProductCsvRow = {
    ...feta,
    sku: 'CH-0100',
    brand: 'Kefalograviera "Naxos", Co-op',
    name_en: '=Not a formula',
    slug_en: 'kefalograviera-naxos',
    slug_fr: 'kefalograviera-de-naxos',
    short_description_en: 'Grate it; -or- fry it',
    description_en: '- Aged 6 months\r\n- @home in saganaki\n+ a little lemon\t=1',
    description_fr: "Un peu de citron; '=pas une formule",
    allergens: ['milk', 'gluten', 'wheat'],
    certifications: ['pgi', 'non_gmo'],
  };

  it('writes UTF-8 with a byte-order mark, CRLF, both languages and defused cells', () => {
    const csv = productsToCsv([oil, tricky]);
    expect(csv.startsWith(`\uFEFF${PRODUCT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain('Huile d’olive extra vierge de récolte précoce');
    expect(csv).toContain(",'=Not a formula,");
    expect(csv).toContain("\"'- Aged 6 months\r\n'- @home in saganaki\n'+ a little lemon\t'=1\"");
    expect(csv).toContain('"Grate it; \'-or- fry it"');
    expect(csv).toContain(',"gluten;milk;wheat","non_gmo;pgi",yes,,draft,');
  });

  it('reads back unchanged: no error, every row skipped', () => {
    const products = [oil, feta, wine, tricky];
    const plan = planImport(productsToCsv(products), {
      categories,
      existing: new Map(products.map((product) => [product.sku, product])),
    });
    expect(plan.errors).toEqual([]);
    expect(plan.create).toEqual([]);
    expect(plan.change).toEqual([]);
    expect(plan.skip).toEqual(products.map((product, index) => ({ sku: product.sku, row: index + 2 })));
  });

  it('creates every product when read into an empty catalogue', () => {
    const plan = planImport(productsToCsv([oil, wine]), { categories, existing: {} });
    expect(plan.create.map(({ product }) => product)).toEqual([oil, wine]);
  });
});
