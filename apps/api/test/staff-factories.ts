import { generate, generateSecret } from 'otplib';
import type { StaffRole } from '@storefront/contract/staff';
import type { Db } from '../src/db/client.js';
import { staff, staffSessions } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { uniqueEmail } from './factories.js';
import type { TestApp } from './test-app.js';

export type TestStaff = {
  id: number;
  email: string;
  password: string;
  role: StaffRole;
  mfaSecret: string | null;
};

export const STAFF_PASSWORD = 'staff pass 2000';

/** A member written straight to the database, with two-factor on when asked (owners and managers need it to write). */
export async function addStaff(
  db: Db,
  role: StaffRole,
  { mfa = role === 'owner' || role === 'manager', disabled = false } = {},
): Promise<TestStaff> {
  const email = uniqueEmail(role);
  const mfaSecret = mfa ? generateSecret() : null;
  const [row] = await db
    .insert(staff)
    .values({
      email,
      name: `Test ${role}`,
      role,
      passwordHash: await hashPassword(STAFF_PASSWORD, 10),
      mfaSecret,
      disabledAt: disabled ? new Date() : null,
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('no staff row');
  return { id: row.id, email, password: STAFF_PASSWORD, role, mfaSecret };
}

/** A live session for the member, as sign-in would make it at the app's time, without spending a code. */
export async function staffSession(t: TestApp, staffId: number): Promise<string> {
  const token = newToken();
  const at = t.clock.now();
  await t.database.db.insert(staffSessions).values({
    staffId,
    tokenHash: hashToken(token),
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + 8 * 3_600_000),
  });
  return token;
}

/** The authenticator app's code for the secret at the app's time, `steps` periods of 30 s from now. */
export function totpAt(t: TestApp, secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + steps * 30 });
}

export function staffCall(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/admin/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}
