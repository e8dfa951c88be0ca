import type {
  CouponBody,
  CouponDetail,
  CouponGiveResult,
  CouponList,
  CouponListParams,
  CouponStatus,
  StaffCoupon,
} from '@storefront/contract/offers-admin';
import { COUPON_CUSTOMERS_SHOWN } from '@storefront/contract/offers-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { fullName } from '@storefront/contract/person-name';
import { violatedConstraint, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import {
  COUPON_CODE_KEY,
  findCoupon,
  findCustomersByEmail,
  giveCoupon,
  insertCoupon,
  listCouponHolders,
  listCoupons,
  updateCoupon,
  type CouponFields,
  type CouponRow,
} from './coupons.repo.js';

/** Unknown emails named in a refusal; more are counted. */
const UNKNOWN_EMAILS_NAMED = 10;

export function couponStatusOf(coupon: CouponRow, now: Date): CouponStatus {
  if (now < coupon.startsAt) return 'scheduled';
  if (now >= coupon.endsAt) return 'ended';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'ended';
  return 'running';
}

function fieldsOf(body: CouponBody): CouponFields {
  return {
    code: body.code,
    description: body.description,
    kind: body.kind,
    value: body.value,
    minSpendCents: body.minSpend,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    usageLimit: body.usageLimit,
    perCustomerLimit: body.perCustomerLimit,
    isPersonal: body.isPersonal,
  };
}

/** What the audit log keeps of a coupon: its rules, as staff wrote them. */
function audited(coupon: CouponRow) {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    minSpend: coupon.minSpendCents,
    startsAt: coupon.startsAt.toISOString(),
    endsAt: coupon.endsAt.toISOString(),
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    isPersonal: coupon.isPersonal,
  };
}

function codeTaken(err: unknown): never {
  if (violatedConstraint(err) === COUPON_CODE_KEY) throw new AppError('COUPON_CODE_TAKEN');
  throw err;
}

function unknownEmails(emails: string[]): AppError {
  const named = emails.slice(0, UNKNOWN_EMAILS_NAMED).join(', ');
  const more =
    emails.length > UNKNOWN_EMAILS_NAMED ? ` and ${emails.length - UNKNOWN_EMAILS_NAMED} more` : '';
  return new AppError(
    'COUPON_CUSTOMERS_UNKNOWN',
    `No customer account has ${emails.length === 1 ? 'this email' : 'these emails'}: ${named}${more}. Nothing was given.`,
  );
}

export function createCouponsAdmin(db: Db, now: () => Date) {
  function view(coupon: CouponRow & { customerCount: number }, at: Date): StaffCoupon {
    return {
      couponID: coupon.id,
      code: coupon.code,
      description: coupon.description,
      kind: coupon.kind,
      value: coupon.value,
      minSpend: coupon.minSpendCents,
      startsAt: coupon.startsAt.toISOString(),
      endsAt: coupon.endsAt.toISOString(),
      usageLimit: coupon.usageLimit,
      usedCount: coupon.usedCount,
      perCustomerLimit: coupon.perCustomerLimit,
      isPersonal: coupon.isPersonal,
      status: couponStatusOf(coupon, at),
      customerCount: coupon.customerCount,
    };
  }

  async function detail(couponId: number): Promise<CouponDetail> {
    const [coupon, holders] = await Promise.all([
      findCoupon(db, couponId),
      listCouponHolders(db, couponId, COUPON_CUSTOMERS_SHOWN),
    ]);
    if (!coupon) throw new AppError('NOT_FOUND', 'No such coupon.');
    return {
      ...view(coupon, now()),
      customers: holders.map((h) => ({
        customerID: h.customerId,
        email: h.email,
        name: fullName(h),
        receivedAt: h.receivedAt.toISOString(),
        usedCount: h.usedCount,
      })),
    };
  }

  return {
    detail,

    async list(query: CouponListParams): Promise<CouponList> {
      const at = now();
      const { rows, total } = await listCoupons(
        db,
        { q: query.q?.trim() || undefined, status: query.status, now: at },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { list: rows.map((r) => view(r, at)), total, page: query.page, pageSize: query.pageSize };
    },

    async create(body: CouponBody, actor: Actor): Promise<CouponDetail> {
      const id = await db
        .transaction(async (tx) => {
          const coupon = await insertCoupon(tx, fieldsOf(body));
          await recordAudit(
            tx,
            actor,
            { action: 'coupon.create', targetType: 'coupon', targetId: coupon.id, after: audited(coupon) },
            now(),
          );
          return coupon.id;
        })
        .catch(codeTaken);
      return detail(id);
    },

    /** Replaces the coupon's rules; its uses so far stay, and its usage limit may not fall below them. */
    async update(couponId: number, body: CouponBody, actor: Actor): Promise<CouponDetail> {
      await db
        .transaction(async (tx) => {
          // Locked: a checkout counting a use now waits, so the limit is checked against the final count.
          const before = await findCoupon(tx, couponId, { lock: true });
          if (!before) throw new AppError('NOT_FOUND', 'No such coupon.');
          if (body.usageLimit !== null && body.usageLimit < before.usedCount) {
            throw new AppError(
              'COUPON_LIMIT_BELOW_USES',
              `${errorCatalogue.COUPON_LIMIT_BELOW_USES.msg} It has been used ${before.usedCount} times.`,
            );
          }
          const after = await updateCoupon(tx, couponId, fieldsOf(body));
          await recordAudit(
            tx,
            actor,
            {
              action: 'coupon.update',
              targetType: 'coupon',
              targetId: couponId,
              before: audited(before),
              after: audited(after),
            },
            now(),
          );
        })
        .catch(codeTaken);
      return detail(couponId);
    },

    /** Ends the coupon now (one not started never starts); one already ended stays as it is. */
    async end(couponId: number, actor: Actor): Promise<CouponDetail> {
      await db.transaction(async (tx) => {
        const before = await findCoupon(tx, couponId, { lock: true });
        if (!before) throw new AppError('NOT_FOUND', 'No such coupon.');
        const at = now();
        if (before.endsAt <= at) return;
        const startsAt = before.startsAt < at ? before.startsAt : at;
        const after = await updateCoupon(tx, couponId, { startsAt, endsAt: at });
        await recordAudit(
          tx,
          actor,
          {
            action: 'coupon.end',
            targetType: 'coupon',
            targetId: couponId,
            before: { startsAt: before.startsAt.toISOString(), endsAt: before.endsAt.toISOString() },
            after: { startsAt: after.startsAt.toISOString(), endsAt: after.endsAt.toISOString() },
          },
          at,
        );
      });
      return detail(couponId);
    },

    /** Puts the coupon in the wallets of the customers named; all of them, or none if an email is no account's. */
    async give(couponId: number, emails: string[], actor: Actor): Promise<CouponGiveResult> {
      const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
      return db.transaction(async (tx) => {
        const coupon = await findCoupon(tx, couponId);
        if (!coupon) throw new AppError('NOT_FOUND', 'No such coupon.');
        const at = now();
        if (at >= coupon.endsAt) throw new AppError('COUPON_ENDED');
        const found = await findCustomersByEmail(tx, wanted);
        const known = new Set(found.map((c) => c.email));
        const unknown = wanted.filter((e) => !known.has(e));
        if (unknown.length > 0) throw unknownEmails(unknown);
        const added = await giveCoupon(
          tx,
          couponId,
          found.map((c) => c.id),
          at,
        );
        if (added.length > 0) {
          await recordAudit(
            tx,
            actor,
            {
              action: 'coupon.give',
              targetType: 'coupon',
              targetId: couponId,
              after: { code: coupon.code, customerIDs: added },
            },
            at,
          );
        }
        return { added: added.length, alreadyHeld: found.length - added.length };
      });
    },
  };
}

export type CouponsAdmin = ReturnType<typeof createCouponsAdmin>;
