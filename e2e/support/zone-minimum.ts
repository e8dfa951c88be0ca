import type { ShippingZone } from '@storefront/contract/shipping';

/** The demo store's owner (apps/api/src/db/seed/staff.ts; two-factor is not required there). */
const OWNER = { email: 'owner@storefront.test', password: 'owner-pass-2000' } as const;

/**
 * Sets a delivery zone's minimum order (cents) in a store, as its owner through the back office's API: for set-up
 * and tidying up, not for the journey a spec is about.
 */
export async function setZoneMinimum(baseURL: string, zone: ShippingZone, cents: number): Promise<void> {
  const json = { 'Content-Type': 'application/json' };
  const login = await fetch(`${baseURL}/api/admin/v1/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(OWNER),
  });
  const token = login.headers.get('authorization');
  if (!login.ok || !token) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const res = await fetch(`${baseURL}/api/admin/v1/delivery/zones/${zone}`, {
    method: 'PUT',
    headers: { ...json, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ minimumOrder: cents }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (!res.ok || body.code !== 0) throw new Error(`set the ${zone} minimum: ${res.status} ${body.msg}`);
}
