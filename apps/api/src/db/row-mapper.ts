import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Field = Column | SQL | SQL.Aliased | Subquery;
type OrderedField = { path: string[]; field: Field };
type RowsMapper = (rows: unknown[][]) => unknown[];

/** The part of Drizzle's prepared query (node-postgres and PGlite alike) that says how its rows become objects. */
type MappedQuery = {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: RowsMapper;
};

/** An SQL fragment's decoder (`.mapWith`), which Drizzle keeps to itself. */
function sqlDecoder(fragment: SQL): Decoder {
  return (fragment as unknown as { decoder: Decoder }).decoder;
}

function decoderOf(field: Field): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, Subquery)) return sqlDecoder(field._.sql as SQL);
  return sqlDecoder(field.sql);
}

/**
 * Gives a prepared query a row mapper worked out once from its fields, instead of Drizzle's `mapResultRow`, which
 * works out every field's decoder and place again for every row (a tenth of the API's time on `cart/add` under
 * load, with its cart's listing of 25 columns a line). What it builds is what Drizzle builds: values decoded by
 * the same decoders, nested one level by the selection's shape, and a left-joined table's object null when its
 * first column is null (Drizzle's rule). Selections nested deeper are left to Drizzle.
 */
export function mapRowsOnce(query: unknown): void {
  if (typeof query !== 'object' || query === null) return;
  const prepared = query as MappedQuery;
  if (!Array.isArray(prepared.fields) || prepared.customResultMapper) return;
  const mapper = compileRowsMapper(prepared.fields, prepared.joinsNotNullableMap);
  if (mapper) prepared.customResultMapper = mapper;
}

function compileRowsMapper(
  fields: OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowsMapper | undefined {
  if (fields.some(({ path }) => path.length < 1 || path.length > 2)) return undefined;
  type Plan = { index: number; top: string; key: string | null; decode: Decoder };
  const plans: Plan[] = fields.map(({ path, field }, index) => ({
    index,
    top: path[0] as string,
    key: path.length === 2 ? (path[1] as string) : null,
    decode: decoderOf(field),
  }));
  // Which nested objects may come out null: Drizzle looks at the first column of each, and only when every
  // column of it is a column of one table that the query joins as nullable.
  const nullable: { top: string; firstIndex: number }[] = [];
  if (joinsNotNullableMap) {
    const tables = new Map<string, string | false>();
    const firsts = new Map<string, number>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const top = path[0] as string;
      const table = getTableName(field.table);
      if (!tables.has(top)) {
        tables.set(top, table);
        firsts.set(top, index);
      } else if (tables.get(top) !== table) {
        tables.set(top, false);
      }
    });
    for (const [top, table] of tables) {
      if (table !== false && !joinsNotNullableMap[table])
        nullable.push({ top, firstIndex: firsts.get(top) as number });
    }
  }

  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (const { index, top, key, decode } of plans) {
      const raw = row[index];
      const value = raw === null ? null : decode.mapFromDriverValue(raw);
      if (key === null) {
        result[top] = value;
      } else {
        let node = result[top] as Record<string, unknown> | undefined;
        if (node === undefined) result[top] = node = {};
        node[key] = value;
      }
    }
    for (const { top, firstIndex } of nullable) if (row[firstIndex] === null) result[top] = null;
    return result;
  };
  return (rows) => rows.map(mapRow);
}
