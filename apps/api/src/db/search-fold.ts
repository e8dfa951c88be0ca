import { sql, type SQL } from 'drizzle-orm';

/**
 * Product search folds what a customer may or may not type the same way on both sides, the product's text and the
 * keyword: accented Latin letters become their plain letter ("Crème" and "creme", "Jalapeño" and "jalapeno") and
 * apostrophes go ("Arnott's" and "arnotts"). Built-in `translate` only, no extension (PGlite has none of
 * `unaccent`), and immutable, so the products' stored search columns are built with it.
 *
 * Each letter of FOLDED_LETTERS becomes the letter at the same place in PLAIN_LETTERS; the apostrophes after them
 * have no counterpart, so `translate` drops them. Changing either string changes the stored columns' expressions: it
 * needs a migration (as `0018_search_vectors`).
 */
export const FOLDED_LETTERS =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳØøĐđŁłı';
export const PLAIN_LETTERS =
  'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyOoDdLli';
/** Straight, curly and modifier-letter apostrophes: "Arnott’s" as a phone types it. */
export const APOSTROPHES = "'\u2019\u2018\u02bc";

const FOLDS = new Map([...FOLDED_LETTERS].map((letter, i) => [letter, PLAIN_LETTERS[i] ?? letter]));
const DROPPED = new Set(APOSTROPHES);

/** The keyword folded as `foldedSql` folds the product's text (composed first: a pasted "e" + U+0300 is "è"). */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const c of text.normalize('NFC')) if (!DROPPED.has(c)) folded += FOLDS.get(c) ?? c;
  return folded;
}

const literal = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'`);

/** The text folded in SQL: literals, not parameters (it is a stored column's expression). */
export function foldedSql(text: SQL): SQL {
  return sql`translate(${text}, ${literal(FOLDED_LETTERS + APOSTROPHES)}, ${literal(PLAIN_LETTERS)})`;
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
