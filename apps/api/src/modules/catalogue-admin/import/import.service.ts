import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  csvColumns,
  IMPORT_PROBLEMS_MAX,
  IMPORT_ROWS_MAX,
  type CsvColumn,
  type ImportProblem,
  type ImportReport,
} from '@storefront/contract/catalogue-admin';
import type { Db, Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit, type Actor } from '../../audit/audit.service.js';
import { localDate } from '../../delivery/delivery.rules.js';
import { announceCatalogChange } from '../catalog-changes.js';
import { PLACEHOLDER_IMAGE } from '../products.service.js';
import { readCsvRecords } from './csv-records.js';
import {
  applyStaged,
  countChanges,
  createStaging,
  productsAfter,
  stageRows,
  undercutSpecials,
} from './import.repo.js';
import {
  formatPrice,
  productCsvRecord,
  readHeader,
  readRow,
  type CsvHeader,
  type ImportRow,
} from './product-csv.js';

/** Rows staged per statement. */
const STAGE_BATCH = 2_000;
/** Products read per statement by the export. */
const EXPORT_PAGE = 1_000;

/** The problems a report lists, the first `IMPORT_PROBLEMS_MAX`, and how many more there were. */
class Problems {
  readonly listed: ImportProblem[] = [];
  more = 0;

  add(problem: ImportProblem): void {
    if (this.listed.length < IMPORT_PROBLEMS_MAX) this.listed.push(problem);
    else this.more += 1;
  }

  get count(): number {
    return this.listed.length + this.more;
  }
}

type Staged = { rows: number; staged: number; present: CsvColumn[]; problems: Problems };

/**
 * Reads the file as it arrives and stages its good rows in batches; every bad cell is a problem with its line. The
 * header has to be good for the rows to be read; the rows are counted either way.
 */
async function stageFile(tx: Tx, body: Readable, bytesMax: number): Promise<Staged> {
  const problems = new Problems();
  const firstLineOf = new Map<string, number>();
  let header: CsvHeader | null = null;
  let isHeaderGood = false;
  let rows = 0;
  let staged = 0;
  let batch: ImportRow[] = [];
  for await (const record of readCsvRecords(body, { bytesMax })) {
    if ('malformed' in record) {
      problems.add({ line: record.line, column: null, reason: record.malformed });
      break;
    }
    if (header === null) {
      const read = readHeader(record.line, record.fields);
      header = read.header;
      read.problems.forEach((p) => problems.add(p));
      isHeaderGood = read.problems.length === 0;
      continue;
    }
    if (rows === IMPORT_ROWS_MAX) {
      const reason = `the file has more than ${IMPORT_ROWS_MAX.toLocaleString('en-AU')} rows: split it into smaller files`;
      problems.add({ line: record.line, column: null, reason });
      break;
    }
    rows += 1;
    if (!isHeaderGood) continue;
    const { row, problems: found } = readRow(header, record, firstLineOf);
    found.forEach((p) => problems.add(p));
    if (row === null) continue;
    batch.push(row);
    if (batch.length === STAGE_BATCH) {
      await stageRows(tx, batch);
      staged += batch.length;
      batch = [];
    }
  }
  if (header === null && problems.count === 0)
    throw new AppError('VALIDATION', 'body: is empty: send the CSV file, its header row first');
  if (batch.length > 0) {
    await stageRows(tx, batch);
    staged += batch.length;
  }
  if (header !== null && rows === 0 && problems.count === 0)
    problems.add({ line: 2, column: null, reason: 'the file has no rows under its header' });
  const present = header ? [...header.columns.keys()] : [];
  return { rows, staged, present, problems };
}

/** Products CSV import (dry run or real) and export; README, "Product CSV". */
export function createProductImport(db: Db, { now }: { now: () => Date }) {
  return {
    /**
     * Checks the file and, unless `dryRun` or a row is bad, writes it: every product by SKU in one transaction,
     * created or updated where a value differs. The report is the same either way.
     */
    async importFile(
      body: Readable,
      { dryRun, actor, bytesMax }: { dryRun: boolean; actor: Actor; bytesMax: number },
    ): Promise<ImportReport> {
      let attempts = 0;
      return db.transaction(async (tx) => {
        // On PostgreSQL a transaction broken off by a deadlock runs again (db/client.ts), but the file is read.
        attempts += 1;
        if (attempts > 1)
          throw new AppError('UNAVAILABLE', 'The store was busy. Please import the file again.');
        await createStaging(tx);
        const { rows, staged, present, problems } = await stageFile(tx, body, bytesMax);
        const undercut = await undercutSpecials(tx, IMPORT_PROBLEMS_MAX);
        for (const { line, specialCents } of undercut.rows) {
          const reason = `must be more than the product's special price (${formatPrice(specialCents)}): change or end the special first`;
          problems.add({ line, column: 'price', reason });
        }
        problems.more += undercut.total - undercut.rows.length;

        const isApplied = !dryRun && problems.count === 0;
        const { created, updated } = isApplied
          ? await applyStaged(tx, present, { staffId: actor.staffId, at: now(), imageUrl: PLACEHOLDER_IMAGE })
          : await countChanges(tx, present);
        const report: ImportReport = {
          dryRun,
          applied: isApplied,
          rows,
          created,
          updated,
          unchanged: staged - created - updated,
          problems: problems.listed.sort((a, b) => a.line - b.line),
          moreProblems: problems.more,
        };
        if (isApplied) {
          const after = { rows, created, updated, unchanged: report.unchanged };
          await recordAudit(
            tx,
            actor,
            { action: 'product.import', targetType: 'product', targetId: 'import', after },
            now(),
          );
          if (created + updated > 0) await announceCatalogChange(tx);
        }
        return report;
      });
    },

    /** The export's file name: the shop's products on the store's day. */
    exportFileName(): string {
      return `products-${localDate(now())}.csv`;
    },

    /**
     * Every product as a row of the import's file, read a page at a time as the client takes it. Pages are read
     * apart (no transaction holds the database for a slow download): a product changed meanwhile shows as it is
     * when its page is read.
     */
    exportFile(): Readable {
      async function* records() {
        for (let after = 0; ;) {
          const page = await productsAfter(db, after, EXPORT_PAGE);
          for (const product of page) yield productCsvRecord(product);
          const last = page.at(-1);
          if (!last || page.length < EXPORT_PAGE) return;
          after = last.id;
        }
      }
      // A byte order mark so a spreadsheet reads the file as UTF-8; the import skips it.
      const csv = stringify({ header: true, columns: [...csvColumns], bom: true });
      return pipeline(Readable.from(records()), csv, () => undefined);
    },
  };
}

export type ProductImport = ReturnType<typeof createProductImport>;
