/** Plain values shared by the API and the browser. No zod here, so the web app can import them cheaply. */

export const RUNTIME_CONFIG_GLOBAL = '__STOREFRONT_CONFIG__';

export const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

export const MAX_ADDRESSES = 20;

export const CART_LINE_QUANTITY_MAX = 99;
export const CART_LINES_MAX = 100;
/** Products one `cart/add/batch` takes. */
export const CART_ADD_BATCH_MAX = 50;
export const WISHLIST_MAX = 100;
/** Characters of the delivery instructions an order carries for the driver. */
export const DELIVERY_NOTES_MAX = 250;

/** Australian landline or mobile, after normalisePhone: 0 or +61, an area or mobile digit, eight digits. */
export const AU_PHONE_PATTERN = /^(\+61|0)[2-478]\d{8}$/;

export function normalisePhone(phone: string): string {
  return phone.trim().replace(/[\s()-]/g, '');
}

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
