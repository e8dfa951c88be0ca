import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  VOUCHER_CSV_COLUMNS,
  type VoucherBatch,
  type VoucherBatchBody,
  type VoucherBatchList,
} from '@storefront/contract/offers-admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { newVoucherCodes } from './voucher-codes.js';
import {
  batchVouchersAfter,
  findBatch,
  insertVouchers,
  listBatches,
  lockBatchLabel,
  type BatchSummary,
} from './voucher-batches.repo.js';

/** Inserts of a batch: the first takes nearly always all; the others replace the rare code another voucher had. */
const INSERT_ATTEMPTS = 5;
/** Vouchers read at a time while the export streams. */
const EXPORT_PAGE = 500;

function view(batch: BatchSummary): VoucherBatch {
  return {
    label: batch.label,
    count: batch.count,
    redeemed: batch.redeemed,
    amount: batch.amountCents,
    expiresAt: batch.expiresAt.toISOString(),
    createdAt: batch.createdAt.toISOString(),
  };
}

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function createVoucherBatches(
  db: Db,
  now: () => Date,
  { newCodes = newVoucherCodes }: { newCodes?: (count: number) => string[] } = {},
) {
  return {
    async list(query: { page: number; pageSize: number }): Promise<VoucherBatchList> {
      const { rows, total } = await listBatches(db, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { list: rows.map(view), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Makes `count` vouchers under a new label, in one transaction. The codes are bearer value: the audit entry
     * records how many, how much and until when, never the codes (the export gives them).
     */
    async create(body: VoucherBatchBody, actor: Actor): Promise<VoucherBatch> {
      const at = now();
      const expiresAt = new Date(body.expiresAt);
      if (expiresAt <= at) throw new AppError('VOUCHER_EXPIRY_PAST');
      await db.transaction(async (tx) => {
        await lockBatchLabel(tx, body.label);
        if (await findBatch(tx, body.label)) throw new AppError('VOUCHER_BATCH_TAKEN');
        const fields = { amountCents: body.amount, expiresAt, batch: body.label, createdAt: at };
        let made = 0;
        for (let attempt = 0; made < body.count; attempt += 1) {
          if (attempt === INSERT_ATTEMPTS) throw new Error('voucher codes kept clashing');
          made += (await insertVouchers(tx, newCodes(body.count - made), fields)).length;
        }
        await recordAudit(
          tx,
          actor,
          {
            action: 'voucher.batch.create',
            targetType: 'voucher_batch',
            targetId: body.label,
            after: { label: body.label, count: body.count, amount: body.amount, expiresAt: body.expiresAt },
          },
          at,
        );
      });
      const batch = await findBatch(db, body.label);
      if (!batch) throw new Error('voucher batch not found after it was made');
      return view(batch);
    },

    /** The batch's codes as CSV, read a page at a time while it streams; NOT_FOUND before anything is sent. */
    async exportCsv(label: string): Promise<Readable> {
      if (!(await findBatch(db, label))) throw new AppError('NOT_FOUND', 'No such voucher batch.');
      async function* rows() {
        let after = 0;
        for (;;) {
          const page = await batchVouchersAfter(db, label, after, EXPORT_PAGE);
          for (const v of page) {
            yield {
              code: v.code,
              amount: dollars(v.amountCents),
              expires: v.expiresAt.toISOString(),
              redeemed_at: v.redeemedAt?.toISOString() ?? '',
            };
          }
          const last = page.at(-1);
          if (!last || page.length < EXPORT_PAGE) return;
          after = last.id;
        }
      }
      const csv = stringify({ header: true, columns: [...VOUCHER_CSV_COLUMNS] });
      const source = Readable.from(rows());
      source.on('error', (err) => csv.destroy(err));
      return source.pipe(csv);
    },
  };
}

export type VoucherBatches = ReturnType<typeof createVoucherBatches>;
