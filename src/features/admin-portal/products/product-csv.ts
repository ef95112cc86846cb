/**
 * The product catalogue as a spreadsheet: reading a CSV file staff edited,
 * checking every cell, planning what an import would create and change, and
 * writing the catalogue back out. Pure functions: no screen, no database.
 *
 * The database checks the same rules again; this module exists so that staff
 * read one plain-English message per problem, naming the spreadsheet row
 * (the header is row 1) and the column, before anything is sent.
 *
 * An import is all or nothing: a plan with any error has nothing to apply.
 * It never deletes: a product missing from the file is left as it is.
 */
import { parseCsv, toCsv, undefuseFormulas } from '@/features/admin-portal/shared/csv';

/** The columns of the file, in the order the export writes them. */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'category',
  'brand',
  'origin_country',
  'origin_region_en',
  'origin_region_fr',
  'unit_size',
  'unit',
  'units_per_case',
  'min_order_cases',
  'lead_time_business_days',
  'storage',
  'shelf_life_days',
  'allergens',
  'certifications',
  'orderable_online',
  'not_orderable_reason',
  'status',
  'name_en',
  'slug_en',
  'short_description_en',
  'description_en',
  'name_fr',
  'slug_fr',
  'short_description_fr',
  'description_fr',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Canada's priority food allergens, with gluten sources and sulphites, as the catalogue codes them. */
export const PRODUCT_ALLERGENS = [
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
] as const;
export type ProductAllergen = (typeof PRODUCT_ALLERGENS)[number];

export const PRODUCT_CERTIFICATIONS = ['organic', 'pdo', 'pgi', 'kosher', 'halal', 'non_gmo'] as const;
export type ProductCertification = (typeof PRODUCT_CERTIFICATIONS)[number];

export const PRODUCT_UNITS = ['mL', 'L', 'g', 'kg'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

export const PRODUCT_STORAGE = ['ambient', 'chilled', 'frozen'] as const;
export type ProductStorage = (typeof PRODUCT_STORAGE)[number];

/**
 * Why clients cannot order a product online, as products.not_orderable_reason
 * holds it: liquor_board (wine and spirits go through the provincial liquor
 * boards), quote_only (priced on request), seasonal (a limited harvest
 * reserved through the account manager).
 */
export const NOT_ORDERABLE_REASONS = ['liquor_board', 'quote_only', 'seasonal'] as const;
export type NotOrderableReason = (typeof NOT_ORDERABLE_REASONS)[number];

export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A file larger than this is refused unread. */
export const PRODUCT_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** Product rows (the header aside) a file may hold. */
export const PRODUCT_CSV_MAX_ROWS = 5000;
/** Beyond this many, the rest of the errors are counted, not listed: fixing the first ones often fixes the others. */
export const PRODUCT_CSV_MAX_LISTED_ERRORS = 200;

/** One product as the file holds it, checked and normalised: what the admin screens and the database call share. */
export type ProductCsvRow = {
  /** Upper-case letters, digits and dashes: OO-0001. */
  sku: string;
  /** The English slug of the product's category. */
  category: string;
  brand: string;
  /** ISO 3166-1 alpha-2, upper-case: GR. */
  origin_country: string;
  /** The region's name in English (Crete); null when the file leaves it empty. Both regions or neither. */
  origin_region_en: string | null;
  /** The region's name in French (Crète); null when the file leaves it empty. */
  origin_region_fr: string | null;
  /** One retail unit's size in `unit`: 500 mL, 0.5 kg. */
  unit_size: number;
  unit: ProductUnit;
  units_per_case: number;
  min_order_cases: number;
  /** Business days from order to dispatch, 0 to 250. */
  lead_time_business_days: number;
  storage: ProductStorage;
  shelf_life_days: number;
  /** Alphabetical, each once. */
  allergens: ProductAllergen[];
  /** Alphabetical, each once. */
  certifications: ProductCertification[];
  orderable_online: boolean;
  /** Set exactly when `orderable_online` is false. */
  not_orderable_reason: NotOrderableReason | null;
  status: ProductStatus;
  name_en: string;
  slug_en: string;
  short_description_en: string;
  /** Markdown. */
  description_en: string;
  name_fr: string;
  slug_fr: string;
  short_description_fr: string;
  /** Markdown. */
  description_fr: string;
};

/** A problem found in the file: `row` and `field` are null for the file as a whole. */
export type ProductCsvIssue = {
  row: number | null;
  field: ProductCsvColumn | null;
  /** The whole sentence to show, row included: `row 5: unit_size must be …`. */
  message: string;
};

export type ProductCsvRead = { errors: ProductCsvIssue[]; products: { row: number; product: ProductCsvRow }[] };

export type ProductImportPlan = {
  errors: ProductCsvIssue[];
  create: { sku: string; row: number; product: ProductCsvRow }[];
  change: { sku: string; row: number; fields: ProductCsvColumn[]; product: ProductCsvRow }[];
  skip: { sku: string; row: number }[];
};

/** The current catalogue, by SKU. */
export type ExistingProducts = ReadonlyMap<string, ProductCsvRow> | Readonly<Record<string, ProductCsvRow>>;

export type ProductImportContext = {
  /** The English slugs of the categories products may belong to. */
  categories: readonly string[];
};

/** products.sku: upper-case letters and digits in dash-separated groups, at most 32 characters. */
const SKU = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
const SKU_MAX = 32;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** products.origin_country: the 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
    'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
    'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
    'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
    'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
    'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);
/** What makes a spreadsheet run a cell as a formula, when it comes first. */
const FORMULA_START = /^ *[=+\-@\t\r]/;
/** A negative number: refused by the number rules with a clearer message than the formula one. */
const NEGATIVE_NUMBER = /^ *-\d+([.,]\d+)?$/;
const DECIMAL = /^(\d+)(?:[.,](\d+))?$/;
const WHOLE = /^\d+$/;
/** Controls a one-line text cannot hold (line breaks and tabs included), as the database refuses them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/;
/** Controls a Markdown description cannot hold: tabs and line breaks are fine. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

const MB = 1024 * 1024;
const count = new Intl.NumberFormat('en-CA');
const quoted = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
const listOf = (values: readonly string[]) => values.join(', ');

/**
 * The size check alone, for the screen to run on a picked file before
 * reading it (`file.size`); `planImport` runs it again on the text.
 */
export function checkProductCsvSize(bytes: number): ProductCsvIssue | null {
  if (bytes <= PRODUCT_CSV_MAX_BYTES) return null;
  // Rounded up, so that a file just over the limit never reads as "2.0 MB".
  const size = Math.ceil((bytes / MB) * 10) / 10;
  return fileIssue(
    `The file is ${size} MB; a product file may be at most ${PRODUCT_CSV_MAX_BYTES / MB} MB. ` +
      `Split it into smaller files.`,
  );
}

function fileIssue(message: string): ProductCsvIssue {
  return { row: null, field: null, message };
}

function rowIssue(row: number, field: ProductCsvColumn | null, message: string): ProductCsvIssue {
  return { row, field, message: `row ${row}: ${message}` };
}

/** UTF-8 bytes of the text, without encoding it; a text longer than the limit in characters is too big anyway. */
function utf8Length(text: string): number {
  if (text.length > PRODUCT_CSV_MAX_BYTES) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character: 2 bytes for each half.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/**
 * French-Canadian Excel saves CSV with semicolons. No column name holds a
 * comma or a semicolon, so the header line tells which one the file uses.
 */
function delimiterOf(text: string): ',' | ';' {
  const lineEnd = text.search(/[\r\n]/);
  const header = lineEnd === -1 ? text : text.slice(0, lineEnd);
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

type Cell = { ok: true; value: unknown } | { ok: false; message: string };
const ok = (value: unknown): Cell => ({ ok: true, value });
const fail = (message: string): Cell => ({ ok: false, message });

function requiredText(field: string, max: number, oneLine: boolean) {
  return (value: string): Cell => {
    if (value === '') return fail(`${field} is required`);
    return text(field, max, oneLine)(value);
  };
}

/** Characters as the database counts them (char_length): an emoji is one, not two UTF-16 units. */
function characters(value: string): number {
  return Array.from(value).length;
}

function text(field: string, max: number, oneLine: boolean) {
  return (value: string): Cell => {
    const length = characters(value);
    if (length > max) {
      return fail(`${field} is ${count.format(length)} characters long; at most ${count.format(max)}`);
    }
    if (oneLine && /[\r\n]/.test(value)) return fail(`${field} must be on one line`);
    if ((oneLine ? LINE_CONTROLS : TEXT_CONTROLS).test(value)) {
      return fail(`${field} holds an invisible control character`);
    }
    return ok(value);
  };
}

/** Empty reads as null. */
function optionalText(field: string, max: number) {
  return (value: string): Cell => (value === '' ? ok(null) : text(field, max, true)(value));
}

function slug(field: string) {
  return (value: string): Cell => {
    if (value === '') return fail(`${field} is required`);
    if (value.length > 120 || !SLUG.test(value)) {
      return fail(
        `${field} must be lower-case letters and digits joined by single dashes, at most 120 characters (got ${quoted(value)})`,
      );
    }
    return ok(value);
  };
}

function wholeNumber(field: string, min: number, max: number) {
  return (value: string): Cell => {
    if (value === '') return fail(`${field} is required`);
    const number = Number(value);
    if (!WHOLE.test(value) || number < min || number > max) {
      return fail(`${field} must be a whole number from ${min} to ${count.format(max)} (got ${quoted(value)})`);
    }
    return ok(number);
  };
}

/** The pack size: a decimal point or a French decimal comma, at most 3 decimals (numeric(10, 3) in the database). */
function unitSize(value: string): Cell {
  const field = 'unit_size';
  if (value === '') return fail(`${field} is required`);
  const match = DECIMAL.exec(value);
  const number = match ? Number(`${match[1]}.${match[2] ?? '0'}`) : Number.NaN;
  if (!match || !(number > 0)) return fail(`${field} must be a number greater than 0 (got ${quoted(value)})`);
  // 1,500 is one and a half to a French reader and fifteen hundred to an English one (0,500 is not).
  if (value.includes(',') && match[2]?.length === 3 && match[1] !== '0') {
    return fail(
      `${field} ${quoted(value)} could be read two ways: write ${match[1]}.${match[2]} or ${match[1]}${match[2]}`,
    );
  }
  if ((match[2] ?? '').replace(/0+$/, '').length > 3) {
    return fail(`${field} may have at most 3 decimals (got ${quoted(value)})`);
  }
  if (number >= 10_000_000) return fail(`${field} must be less than 10,000,000 (got ${quoted(value)})`);
  return ok(number);
}

/** One of `allowed`, matched without regard to case. */
function oneOf<T extends string>(field: string, allowed: readonly T[]) {
  return (value: string): Cell => {
    if (value === '') return fail(`${field} is required`);
    const found = allowed.find((option) => option.toLowerCase() === value.toLowerCase());
    return found ? ok(found) : fail(`${field}: ${quoted(value)} is not one of ${listOf(allowed)}`);
  };
}

/**
 * A list of codes separated by `;` (a comma is taken too, as people type
 * one); case, spaces and dashes are forgiven (`Tree nuts` is tree_nuts).
 */
function codes<T extends string>(field: string, allowed: readonly T[]) {
  return (value: string): Cell => {
    const found = new Set<T>();
    const unknown: string[] = [];
    for (const part of value.split(/[;,]/)) {
      const code = part
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_');
      if (code === '') continue;
      const match = allowed.find((option) => option === code);
      if (match) found.add(match);
      else unknown.push(part.trim());
    }
    if (unknown.length > 0) {
      const what = unknown.map(quoted).join(', ');
      return fail(`${field}: ${what} ${unknown.length === 1 ? 'is' : 'are'} not one of ${listOf(allowed)}`);
    }
    return ok([...found].sort());
  };
}

function yesNo(value: string): Cell {
  const answer = value.toLowerCase();
  if (['yes', 'true', 'oui'].includes(answer)) return ok(true);
  if (['no', 'false', 'non'].includes(answer)) return ok(false);
  if (value === '') return fail('orderable_online is required (yes or no)');
  return fail(`orderable_online must be yes or no (got ${quoted(value)})`);
}

function optionalReason(value: string): Cell {
  return value === '' ? ok(null) : oneOf('not_orderable_reason', NOT_ORDERABLE_REASONS)(value);
}

function readers(categories: readonly string[]): Record<ProductCsvColumn, (value: string) => Cell> {
  return {
    sku: (value) => {
      if (value === '') return fail('sku is required');
      // Stored upper-case (the database upper-cases it too): oo-0001 is OO-0001.
      const sku = value.toUpperCase();
      if (sku.length > SKU_MAX || !SKU.test(sku)) {
        return fail(
          `SKU ${quoted(value)} must be letters and digits in groups joined by single dashes, ` +
            `at most ${SKU_MAX} characters (such as OO-0001)`,
        );
      }
      return ok(sku);
    },
    category: (value) => {
      if (value === '') return fail('category is required');
      const known = categories.find((category) => category.toLowerCase() === value.toLowerCase());
      if (known) return ok(known);
      return fail(`category ${quoted(value)} is not a known category (${listOf(categories) || 'none exist yet'})`);
    },
    brand: requiredText('brand', 120, true),
    origin_country: (value) => {
      if (value === '') return fail('origin_country is required');
      const code = value.toUpperCase();
      return COUNTRIES.has(code)
        ? ok(code)
        : fail(`origin_country must be a two-letter ISO country code such as GR or IT (got ${quoted(value)})`);
    },
    origin_region_en: optionalText('origin_region_en', 100),
    origin_region_fr: optionalText('origin_region_fr', 100),
    unit_size: unitSize,
    unit: oneOf('unit', PRODUCT_UNITS),
    units_per_case: wholeNumber('units_per_case', 1, 10_000),
    min_order_cases: wholeNumber('min_order_cases', 1, 10_000),
    lead_time_business_days: wholeNumber('lead_time_business_days', 0, 250),
    storage: oneOf('storage', PRODUCT_STORAGE),
    shelf_life_days: wholeNumber('shelf_life_days', 1, 3650),
    allergens: codes('allergens', PRODUCT_ALLERGENS),
    certifications: codes('certifications', PRODUCT_CERTIFICATIONS),
    orderable_online: yesNo,
    not_orderable_reason: optionalReason,
    status: oneOf('status', PRODUCT_STATUSES),
    name_en: requiredText('name_en', 200, true),
    slug_en: slug('slug_en'),
    short_description_en: text('short_description_en', 300, true),
    description_en: text('description_en', 20_000, false),
    name_fr: requiredText('name_fr', 200, true),
    slug_fr: slug('slug_fr'),
    short_description_fr: text('short_description_fr', 300, true),
    description_fr: text('description_fr', 20_000, false),
  };
}

const NUMBER_COLUMNS = new Set<ProductCsvColumn>([
  'unit_size',
  'units_per_case',
  'min_order_cases',
  'lead_time_business_days',
  'shelf_life_days',
]);

/**
 * A cell's text: refused when a spreadsheet would run it as a formula;
 * our own export's escaping (a quote before such a character, wherever the
 * writer put one) removed; line ends made `\n`; outer spaces trimmed.
 */
function cellText(raw: string, column: ProductCsvColumn): { value: string } | { message: string } {
  if (FORMULA_START.test(raw) && !(NUMBER_COLUMNS.has(column) && NEGATIVE_NUMBER.test(raw))) {
    const first = raw.replace(/^ +/, '')[0] ?? '';
    const shown = first === '\t' ? 'a tab' : first === '\r' ? 'a line break' : `"${first}"`;
    return {
      message:
        `${column} starts with ${shown}, which a spreadsheet may run as a formula: ` +
        `remove that character or start the cell with other text`,
    };
  }
  return { value: undefuseFormulas(raw).replace(/\r\n?/g, '\n').trim() };
}

type Header = { columns: Map<ProductCsvColumn, number>; width: number };

function readHeader(cells: readonly string[]): { header: Header } | { errors: ProductCsvIssue[] } {
  const columns = new Map<ProductCsvColumn, number>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (name === '' && index === cells.length - 1) return; // a separator closing the line
    const column = PRODUCT_CSV_COLUMNS.find((known) => known === name);
    if (!column) unknown.push(cell.trim() === '' ? `(empty, column ${index + 1})` : quoted(cell.trim()));
    else if (columns.has(column)) repeated.push(column);
    else columns.set(column, index);
  });
  const missing = PRODUCT_CSV_COLUMNS.filter((column) => !columns.has(column));
  const errors: ProductCsvIssue[] = [];
  if (missing.length > 0) {
    // Every column is required so that leaving one out never blanks that field on every product.
    errors.push(
      fileIssue(`The header row is missing the column${missing.length === 1 ? '' : 's'} ${listOf(missing)}.`),
    );
  }
  if (unknown.length > 0) {
    errors.push(
      fileIssue(
        `The header row has unknown column${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; ` +
          `the columns are ${listOf(PRODUCT_CSV_COLUMNS)}.`,
      ),
    );
  }
  if (repeated.length > 0) {
    errors.push(fileIssue(`The header row has ${listOf(repeated)} more than once.`));
  }
  return errors.length > 0 ? { errors } : { header: { columns, width: cells.length } };
}

function readRow(
  cells: readonly string[],
  row: number,
  header: Header,
  read: ReturnType<typeof readers>,
): { product: ProductCsvRow } | { errors: ProductCsvIssue[] } {
  const errors: ProductCsvIssue[] = [];
  if (cells.slice(header.width).some((cell) => cell.trim() !== '')) {
    errors.push(rowIssue(row, null, `has ${cells.length} cells but the header has ${header.width} columns`));
  }
  const values: Partial<Record<ProductCsvColumn, unknown>> = {};
  for (const column of PRODUCT_CSV_COLUMNS) {
    // Some programs drop empty cells at the end of a line: they read as empty.
    const raw = cells[header.columns.get(column) ?? -1] ?? '';
    const cleaned = cellText(raw, column);
    if ('message' in cleaned) {
      errors.push(rowIssue(row, column, cleaned.message));
      continue;
    }
    const result = read[column](cleaned.value);
    if (result.ok) values[column] = result.value;
    else errors.push(rowIssue(row, column, result.message));
  }
  const orderable = values.orderable_online;
  const reason = values.not_orderable_reason;
  if (orderable === false && reason === null) {
    errors.push(
      rowIssue(
        row,
        'not_orderable_reason',
        `orderable_online is no, so not_orderable_reason is required (${listOf(NOT_ORDERABLE_REASONS)})`,
      ),
    );
  }
  if (orderable === true && typeof reason === 'string') {
    errors.push(rowIssue(row, 'not_orderable_reason', 'orderable_online is yes, so leave not_orderable_reason empty'));
  }
  const regionEn = values.origin_region_en;
  const regionFr = values.origin_region_fr;
  if ((regionEn === null) !== (regionFr === null) && regionEn !== undefined && regionFr !== undefined) {
    const missing = regionEn === null ? 'origin_region_en' : 'origin_region_fr';
    errors.push(
      rowIssue(
        row,
        missing,
        `origin_region_en and origin_region_fr go together: give the region in both languages or leave both empty`,
      ),
    );
  }
  const allergens = values.allergens;
  if (Array.isArray(allergens) && allergens.includes('wheat') && !allergens.includes('gluten')) {
    errors.push(rowIssue(row, 'allergens', 'allergens: wheat is a source of gluten, so list gluten too'));
  }
  // Every column has a value when no error was found.
  return errors.length > 0 ? { errors } : { product: values as ProductCsvRow };
}

/** Reads and checks a whole file; `products` holds only the rows without errors. */
export function readProductCsv(csvText: string, context: ProductImportContext): ProductCsvRead {
  const read = readAll(csvText, context);
  return { errors: capped(read.errors), products: read.products };
}

function readAll(csvText: string, { categories }: ProductImportContext): ProductCsvRead {
  const tooBig = checkProductCsvSize(utf8Length(csvText));
  if (tooBig) return { errors: [tooBig], products: [] };

  const parsed = parseCsv(csvText, { delimiter: delimiterOf(csvText), maxRecords: PRODUCT_CSV_MAX_ROWS + 1 });
  if (!parsed.ok) {
    const { error } = parsed;
    const message =
      error.kind === 'too-many-records'
        ? `The file has more than ${count.format(PRODUCT_CSV_MAX_ROWS)} product rows; ` +
          `split it into files of at most ${count.format(PRODUCT_CSV_MAX_ROWS)}.`
        : error.kind === 'unclosed-quote'
          ? `row ${error.record}: a cell opens a quote (") that is never closed, so the rest of the file cannot be read.`
          : `row ${error.record}: a quoted cell has text after its closing quote ("); ` +
            `put the whole cell in quotes and double any quote inside it.`;
    return { errors: [{ row: 'record' in error ? error.record : null, field: null, message }], products: [] };
  }

  const [headerCells, ...records] = parsed.records;
  if (!headerCells || headerCells.every((cell) => cell.trim() === '')) {
    return { errors: [fileIssue('The file is empty: the first row must name the columns.')], products: [] };
  }
  const header = readHeader(headerCells);
  if ('errors' in header) return { errors: header.errors, products: [] };

  const read = readers(categories);
  const errors: ProductCsvIssue[] = [];
  const products: ProductCsvRead['products'] = [];
  const seen: Record<'sku' | 'slug_en' | 'slug_fr', Map<string, number>> = {
    sku: new Map(),
    slug_en: new Map(),
    slug_fr: new Map(),
  };
  records.forEach((cells, index) => {
    const row = index + 2;
    // Blank lines and the empty rows some spreadsheets leave at the end.
    if (cells.every((cell) => cell.trim() === '')) return;
    const result = readRow(cells, row, header.header, read);
    if ('errors' in result) {
      errors.push(...result.errors);
      return;
    }
    const { product } = result;
    let unique = true;
    for (const key of ['sku', 'slug_en', 'slug_fr'] as const) {
      const earlier = seen[key].get(product[key]);
      if (earlier === undefined) {
        seen[key].set(product[key], row);
        continue;
      }
      unique = false;
      const what = key === 'sku' ? `SKU ${product.sku}` : `${key} ${product[key]}`;
      errors.push(rowIssue(row, key, `${what} is already on row ${earlier}`));
    }
    if (unique) products.push({ row, product });
  });
  if (products.length === 0 && errors.length === 0) {
    errors.push(fileIssue('The file has a header row but no products.'));
  }
  return { errors, products };
}

function capped(errors: ProductCsvIssue[]): ProductCsvIssue[] {
  if (errors.length <= PRODUCT_CSV_MAX_LISTED_ERRORS) return errors;
  const rest = errors.length - PRODUCT_CSV_MAX_LISTED_ERRORS;
  return [
    ...errors.slice(0, PRODUCT_CSV_MAX_LISTED_ERRORS),
    fileIssue(`…and ${count.format(rest)} more error${rest === 1 ? '' : 's'}: fix these and check the file again.`),
  ];
}

function existingList(existing: ExistingProducts): [string, ProductCsvRow][] {
  return existing instanceof Map ? [...existing.entries()] : Object.entries(existing);
}

/** The same value for the file and the catalogue, however each spells it. */
function comparable(value: unknown): string {
  if (Array.isArray(value)) return [...value].map(String).sort().join(';');
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n').trim();
  if (typeof value === 'number') return String(Number(value));
  return String(value ?? '');
}

function changedFields(next: ProductCsvRow, current: ProductCsvRow): ProductCsvColumn[] {
  // An empty optional text reads as null from the file; the catalogue may hold '' (and the other way round).
  return PRODUCT_CSV_COLUMNS.filter((column) => comparable(next[column]) !== comparable(current[column]));
}

/**
 * The dry run: what importing the file would do to the catalogue. With any
 * error, `create`, `change` and `skip` are empty, as nothing is to be
 * applied; the caller sends `create` and `change` to the database in one call.
 */
export function planImport(
  csvText: string,
  { categories, existing }: ProductImportContext & { existing: ExistingProducts },
): ProductImportPlan {
  const read = readAll(csvText, { categories });
  const current = new Map(existingList(existing));
  const errors = [...read.errors];

  // A slug stays taken by a product the file does not mention; one the file
  // gives to another product would break the database's unique slugs.
  const inFile = new Set(read.products.map(({ product }) => product.sku));
  for (const key of ['slug_en', 'slug_fr'] as const) {
    const owners = new Map<string, string>();
    for (const [sku, product] of current) if (!inFile.has(sku)) owners.set(product[key], sku);
    for (const { row, product } of read.products) {
      const owner = owners.get(product[key]);
      if (owner !== undefined) {
        errors.push(rowIssue(row, key, `${key} ${product[key]} is already used by product ${owner}`));
      }
    }
  }

  const plan: ProductImportPlan = { errors: capped(errors), create: [], change: [], skip: [] };
  if (errors.length > 0) return plan;
  for (const { row, product } of read.products) {
    const before = current.get(product.sku);
    if (!before) {
      plan.create.push({ sku: product.sku, row, product });
      continue;
    }
    const fields = changedFields(product, before);
    if (fields.length === 0) plan.skip.push({ sku: product.sku, row });
    else plan.change.push({ sku: product.sku, row, fields, product });
  }
  return plan;
}

/** One product as the cells of a row, columns in file order. */
function productCells(product: ProductCsvRow): (string | number)[] {
  return PRODUCT_CSV_COLUMNS.map((column) => {
    const value = product[column];
    if (Array.isArray(value)) return [...value].sort().join(';');
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    return value ?? '';
  });
}

/**
 * The catalogue as a file spreadsheets open correctly: UTF-8 with a
 * byte-order mark, CRLF, both languages, every cell escaped against formula
 * injection by the shared writer. `planImport` reads it back unchanged.
 */
export function productsToCsv(products: readonly ProductCsvRow[]): string {
  return toCsv([PRODUCT_CSV_COLUMNS, ...products.map(productCells)]);
}
