import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { customers } from '../schema/index.js';
import { hashPassword } from '../../lib/password.js';

export const DEMO_LOGIN = { email: 'demo@storefront.test', password: 'demo-pass-2000' } as const;

/** Demo data for the embedded store. Every insert is keyed on a natural key, so a restart adds nothing. */
export async function seedDemo(db: Executor, scryptLogN: number): Promise<void> {
  const existing = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${DEMO_LOGIN.email}`);
  if (existing.length === 0) {
    await db
      .insert(customers)
      .values({
        email: DEMO_LOGIN.email,
        passwordHash: await hashPassword(DEMO_LOGIN.password, scryptLogN),
        firstName: 'Dana',
        lastName: 'Demo',
        phone: '0412345678',
        postCode: '2000',
        suburb: 'Sydney',
        // Its address is not a mailbox anyone reads, so confirming it is not part of trying the store.
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing();
  }
}
