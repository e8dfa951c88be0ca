import { sql, type SQL } from 'drizzle-orm';

/**
 * Product search folds what a customer may or may not type the same way on both sides, the product's text and the
 * keyword: accented Latin letters become their plain letter ("Crème" and "creme", "Jalapeño" and "jalapeno") and
 * apostrophes go ("Arnott's" and "arnotts"); then a size is one word ("2 L", "2 litres" and "2L"), an irregular
 * plural its singular ("Loaves" and "loaf") and a grocery compound written as one word its two ("glutenfree" and
 * "gluten free").
 * Built-in `translate` and `regexp_replace` only, no extension (PGlite has none of `unaccent`), and immutable, so the
 * products' stored search columns are built with it.
 *
 * Each letter of FOLDED_LETTERS becomes the letter at the same place in PLAIN_LETTERS; the apostrophes after them
 * have no counterpart, so `translate` drops them. Changing any string or list here changes the stored columns'
 * expressions: it needs a migration (as `0018_search_vectors`, `0020_search_sizes_plurals_compounds`,
 * `0024_search_unit_words`).
 */
export const FOLDED_LETTERS =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳØøĐđŁłı';
export const PLAIN_LETTERS =
  'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyOoDdLli';
/** Straight, curly and modifier-letter apostrophes: "Arnott’s" as a phone types it. */
export const APOSTROPHES = "'\u2019\u2018\u02bc";

/**
 * Units a size is written with: "2 L", "500 g" and "12 pk" are one word, as "2L", "500g" and "12pk" are. Not "pack":
 * "24 Pack" as one word would no longer be found by "pack".
 */
export const SIZE_UNITS = ['mg', 'g', 'kg', 'ml', 'cl', 'l', 'pk'];

/**
 * Units spelt out after a number, each written as the unit it is: "2 litres" is "2l" and "1 kilo" "1kg", as the
 * names write them. Only after a number: "Graham" and "Lite" stay words.
 */
export const UNIT_WORDS: Record<string, string[]> = {
  mg: ['milligrams?', 'milligrammes?'],
  g: ['grams?', 'grammes?', 'gms?'],
  kg: ['kilos?', 'kilograms?', 'kilogrammes?', 'kgs'],
  ml: ['millilitres?', 'milliliters?', 'mls'],
  l: ['litres?', 'liters?', 'ltrs?', 'lt'],
};

/**
 * Plurals the `english` stemmer leaves apart from their singular ("loaves" is `loav`, "loaf" `loaf`), each folded to
 * its singular. Only these: it joins the rest ("potatoes", "berries", "chillies", "mangoes"), checked with
 * `to_tsvector('english', ...)` on both databases.
 */
export const IRREGULAR_PLURALS: Record<string, string> = {
  loaves: 'loaf',
  halves: 'half',
  leaves: 'leaf',
  knives: 'knife',
};

/**
 * Grocery compounds customers type as one word or two, by their second word: written as one word they become the
 * two ("glutenfree" and "icecream" are "gluten free" and "ice cream"). The two words, not the one: a search for either
 * part still finds them, and text without the one-word spelling is left as it was. A short list, not every compound:
 * telling "pineapple" from "glutenfree" needs a dictionary; a customer's miss is added here (with a migration).
 */
export const COMPOUNDS: Record<string, string[]> = {
  free: ['gluten', 'lactose', 'dairy', 'sugar', 'fat', 'nut', 'egg', 'caffeine', 'alcohol'],
  range: ['free'],
  meal: ['whole'],
  grain: ['whole'],
  cream: ['ice'],
  flakes: ['corn'],
  fry: ['stir'],
  life: ['long'],
};

// Whole words only: no ASCII letter or digit either side (after the letters are folded to plain ones), written the
// same in JavaScript and PostgreSQL regular expressions, so both sides agree on every text.
const NOT_AFTER = '(?<![0-9A-Za-z])';
const NOT_BEFORE = '(?![0-9A-Za-z])';

/**
 * Each rewrite as a regular expression (case-insensitive, every match) and what a match becomes, in PostgreSQL's
 * notation (`\1` the first group; JavaScript's `$1`).
 */
const REWRITES: { pattern: string; replacement: string }[] = [
  // A unit spelt out, and the spaces before it.
  ...Object.entries(UNIT_WORDS).map(([unit, words]) => ({
    pattern: `(?<=[0-9]) *(?:${words.join('|')})${NOT_BEFORE}`,
    replacement: unit,
  })),
  // The spaces between a number and its unit.
  { pattern: `(?<=[0-9]) +(?=(?:${SIZE_UNITS.join('|')})${NOT_BEFORE})`, replacement: '' },
  ...Object.entries(IRREGULAR_PLURALS).map(([plural, singular]) => ({
    pattern: `${NOT_AFTER}${plural}${NOT_BEFORE}`,
    replacement: singular,
  })),
  // The first word of a compound, when its second follows it: a space after it.
  {
    pattern: `${NOT_AFTER}(${Object.entries(COMPOUNDS)
      .map(([second, firsts]) => `(?:${firsts.join('|')})(?=${second}${NOT_BEFORE})`)
      .join('|')})`,
    replacement: '\\1 ',
  },
];

const FOLDS = new Map([...FOLDED_LETTERS].map((letter, i) => [letter, PLAIN_LETTERS[i] ?? letter]));
const DROPPED = new Set(APOSTROPHES);
const JS_REWRITES = REWRITES.map(({ pattern, replacement }) => ({
  regex: new RegExp(pattern, 'gi'),
  replacement: replacement.replaceAll('\\1', '$1'),
}));

/** The keyword folded as `foldedSql` folds the product's text (composed first: a pasted "e" + U+0300 is "è"). */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const c of text.normalize('NFC')) if (!DROPPED.has(c)) folded += FOLDS.get(c) ?? c;
  for (const { regex, replacement } of JS_REWRITES) folded = folded.replace(regex, replacement);
  return folded;
}

const literal = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'`);

/** The text folded in SQL: literals, not parameters (it is a stored column's expression). */
export function foldedSql(text: SQL): SQL {
  const letters = sql`translate(${text}, ${literal(FOLDED_LETTERS + APOSTROPHES)}, ${literal(PLAIN_LETTERS)})`;
  return REWRITES.reduce(
    (folded, { pattern, replacement }) =>
      sql`regexp_replace(${folded}, ${literal(pattern)}, ${literal(replacement)}, 'gi')`,
    letters,
  );
}

/**
 * A product's searchable words, folded, in a text search configuration (`simple`: as written; `english`: stems): the
 * name's weighted A, the description's B, so a query can ask for the name alone (`word:A`). Stored, computed as a
 * product is written: folding is far too slow to redo for every row a search ranks.
 */
export function searchVectorSql(config: 'simple' | 'english'): SQL {
  const vector = (column: string, weight: 'A' | 'B') =>
    sql`setweight(to_tsvector(${sql.raw(`'${config}'`)}, ${foldedSql(sql.raw(`"${column}"`))}), ${sql.raw(`'${weight}'`)})`;
  return sql`${vector('name', 'A')} || ${vector('description', 'B')}`;
}
