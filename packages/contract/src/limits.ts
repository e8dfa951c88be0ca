/** Plain values shared by the API and the browser. No zod here, so the web app can import them cheaply. */

export const RUNTIME_CONFIG_GLOBAL = '__STOREFRONT_CONFIG__';

export const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

export const MAX_ADDRESSES = 20;

export const CART_LINE_QUANTITY_MAX = 99;
export const CART_LINES_MAX = 100;
/** Products one `cart/add/batch` takes. */
export const CART_ADD_BATCH_MAX = 50;
export const WISHLIST_MAX = 100;
/** Named shopping lists a customer keeps, the products one list holds, and the characters of a list's name. */
export const SHOPPING_LISTS_MAX = 50;
export const SHOPPING_LIST_ITEMS_MAX = 200;
export const SHOPPING_LIST_NAME_MAX = 60;
/** Products "my usuals" (`product/usuals`) answers at most. */
export const USUALS_MAX = 12;
/** Characters of a product search (`product/list?keyword=`). */
export const KEYWORD_MAX = 100;

/** The allergens Australian food labelling (FSANZ Code, Standard 1.2.3) asks to be declared. */
export const allergens = [
  'milk',
  'egg',
  'peanut',
  'tree nuts',
  'sesame',
  'soy',
  'wheat',
  'gluten',
  'fish',
  'crustacea',
  'mollusc',
  'lupin',
  'sulphites',
] as const;
/** Characters of the delivery instructions an order carries for the driver (counted by `countCharacters`). */
export const DELIVERY_NOTES_MAX = 250;

/**
 * Characters as the contract's `max` (zod counts code points) and the database (`char_length`) count them, for the
 * browser's counters: an emoji such as 👍 is one, not the two UTF-16 units of `String.length`. (An emoji built of
 * several, a flag or a family, counts each.)
 */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

/** The first `max` characters, as `countCharacters` counts them. */
export function firstCharacters(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

/**
 * An address that only Australia Post can deliver to: a PO or GPO Box, a Locked or Private Bag, a Parcel Locker or
 * Parcel Collect point. Groceries go to a door: the address book refuses these.
 */
export const POST_BOX_PATTERN =
  /\b(?:(?:G\.?\s?)?P\.?\s?O\.?\s?Box|Post\s+Office\s+Box|Locked\s+Bag|Private\s+Bag|Parcel\s+(?:Locker|Collect))\b/i;

/** A discount or voucher code as typed: codes hold no spaces, so spaces typed inside one ("WELCOME 10") go. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/**
 * An Australian number after normalisePhone: a landline or mobile (0, an area or mobile digit, eight digits), or a
 * 1300, 1800 or 13 number (a business's; a driver can call them too).
 */
export const AU_PHONE_PATTERN = /^(?:0[2-478]\d{8}|1[38]00\d{6}|13\d{4})$/;

/**
 * A phone number as it is kept: digits only, in the national form (0412345678), however it was written: spaces,
 * dashes, dots and brackets dropped, +61, 0061 or 61 (with or without the trunk 0 after it, "+61 (0) 412…") read
 * as 0. A number kept in the international form before is read the same way.
 */
export function normalisePhone(phone: string): string {
  return phone
    .trim()
    .replace(/[\s().-]/g, '')
    .replace(/^(?:\+|00)?61(?=0?[2-478]\d{8}$)0?/, '0');
}

/** A kept number as Australians write it: 0412 345 678, 02 9876 5432, 1300 123 456, 13 13 14. */
export function formatPhone(phone: string): string {
  const n = normalisePhone(phone);
  if (!AU_PHONE_PATTERN.test(n)) return phone;
  if (n.startsWith('04')) return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
  if (n.startsWith('0')) return `${n.slice(0, 2)} ${n.slice(2, 6)} ${n.slice(6)}`;
  if (n.length === 6) return `${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4)}`;
  return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
}

/** The dietary marks a product's label may carry: the shop's dietary filter, badges and the back office's form. */
export const dietaryMarks = ['vegetarian', 'vegan', 'gluten_free'] as const;
export type DietaryMark = (typeof dietaryMarks)[number];
export const DIETARY_LABELS: Record<DietaryMark, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  gluten_free: 'Gluten free',
};

/** Characters a suggestions search (`product/suggest`) needs before it looks. */
export const SUGGEST_KEYWORD_MIN = 2;
/** Brands one `product/list?brand=` takes. */
export const BRAND_FILTER_MAX = 20;

/** How product/list can sort; `relevance` (the default with a keyword) ranks whole words, then word starts. */
export const productSorts = ['relevance', 'price-asc', 'price-desc', 'unit-price-asc', 'name-asc'] as const;
export type ProductSort = (typeof productSorts)[number];

/** What a unit price is per, as the Australian grocery Unit Pricing Code has it. */
export const unitPriceBases = ['1kg', '100g', '1L', '100mL', 'each'] as const;

/** What the newsletter offers, as the store words it (the web app shows it until the server's own arrives). */
export const NEWSLETTER_OFFER = {
  title: 'Fresh deals, weekly',
  description: "This week's specials in your inbox every Thursday morning. Unsubscribe any time.",
} as const;

/** Delivery windows are offered this many days ahead, today included, in the store's time zone. */
export const DELIVERY_WINDOW_DAYS = 7;
export const STORE_TIME_ZONE = 'Australia/Sydney';

/**
 * Characters that change how text around them is laid out but show nothing themselves: zero-width space and
 * no-break space (BOM), the invisible operators, bidirectional embeddings, overrides and isolates (which can make a
 * name or an address read differently from what is stored), line and paragraph separators, interlinear
 * annotation marks and Unicode's noncharacters. Zero-width (non-)joiners and the left-to-right and right-to-left
 * marks stay: emoji, Persian and mixed-direction text need them.
 */
export const INVISIBLE =
  /[\u200b\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb\ufdd0-\ufdef\ufffe\uffff]|[\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{10fffe}\u{10ffff}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/** The text without them: what a search, or a text pasted from elsewhere, is taken as. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE_ALL, '');
}
