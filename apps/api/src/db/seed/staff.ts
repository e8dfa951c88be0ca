import type { StaffRole } from '@storefront/contract/staff';
import type { Executor } from '../client.js';
import { staff } from '../schema/index.js';
import { hashPassword } from '../../lib/password.js';

/** The demo store's back office sign-ins (printed at start; two-factor is not required there). */
export const DEMO_STAFF = [
  { email: 'owner@storefront.test', password: 'owner-pass-2000', name: 'Olive Owner', role: 'owner' },
  { email: 'manager@storefront.test', password: 'manager-pass-2000', name: 'Mia Manager', role: 'manager' },
  { email: 'support@storefront.test', password: 'support-pass-2000', name: 'Sol Support', role: 'support' },
  { email: 'picker@storefront.test', password: 'picker-pass-2000', name: 'Pat Picker', role: 'picker' },
] as const satisfies readonly { email: string; password: string; name: string; role: StaffRole }[];

/** Keyed on the email: a restart adds nothing and keeps a password changed since. */
export async function seedDemoStaff(db: Executor, scryptLogN: number): Promise<void> {
  for (const member of DEMO_STAFF) {
    await db
      .insert(staff)
      .values({
        email: member.email,
        name: member.name,
        role: member.role,
        passwordHash: await hashPassword(member.password, scryptLogN),
      })
      .onConflictDoNothing();
  }
}
