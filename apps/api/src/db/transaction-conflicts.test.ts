import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog-factories.js';
import { openTestDatabase } from '../../test/test-app.js';
import { AppError } from '../lib/app-error.js';
import {
  queryRows,
  retryingConflicts,
  TRANSACTION_ATTEMPTS,
  type Database,
  type Executor,
} from './client.js';

const deadlock = () =>
  new Error('Failed query: update …', {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });
const noWait = async () => undefined;

describe('a transaction PostgreSQL broke off for running into another', () => {
  it('is run again, and answers what the run that went through answered', async () => {
    let runs = 0;
    const answer = await retryingConflicts(async () => {
      runs += 1;
      if (runs === 1) throw deadlock();
      return 'placed';
    }, noWait);
    expect(answer).toBe('placed');
    expect(runs).toBe(2);
  });

  it(`is given up after ${TRANSACTION_ATTEMPTS} runs, with the conflict for the 503`, async () => {
    let runs = 0;
    const conflict = deadlock();
    await expect(
      retryingConflicts(async () => {
        runs += 1;
        throw conflict;
      }, noWait),
    ).rejects.toBe(conflict);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });

  it('any other failure is not run again', async () => {
    let runs = 0;
    await expect(
      retryingConflicts(async () => {
        runs += 1;
        throw new AppError('NOT_ENOUGH_STOCK');
      }, noWait),
    ).rejects.toBeInstanceOf(AppError);
    expect(runs).toBe(1);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two transactions that deadlock on PostgreSQL', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const stockOf = async (db: Executor, id: number) =>
    (await queryRows<{ stock: number }>(db, sql`select stock from products where id = ${id}`))[0]?.stock;

  it('both go through: the one PostgreSQL broke off runs again once the other has committed', async () => {
    const a = await createProduct(database.db, { stock: 10 });
    const b = await createProduct(database.db, { stock: 10 });
    let bothHoldOne: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      let holding = 0;
      bothHoldOne = () => {
        holding += 1;
        if (holding === 2) resolve();
      };
    });
    let runs = 0;
    // Each takes one product, waits until the other holds its own, then takes the other's: a deadlock.
    const take = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql`update products set stock = stock - 1 where id = ${first}`);
        bothHoldOne();
        await held;
        await tx.execute(sql`update products set stock = stock - 1 where id = ${second}`);
      });
    await Promise.all([take(a.id, b.id), take(b.id, a.id)]);
    expect(runs).toBe(3);
    expect([await stockOf(database.db, a.id), await stockOf(database.db, b.id)]).toEqual([8, 8]);
  });
});
