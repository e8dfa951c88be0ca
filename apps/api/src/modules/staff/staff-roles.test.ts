import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRoles, type StaffRole } from '@storefront/contract/staff';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addStaff, staffCall, staffSession, type TestStaff } from '../../../test/staff-factories.js';

let t: TestApp;
const members = new Map<StaffRole, TestStaff>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of staffRoles) members.set(role, await addStaff(t.database.db, role));
});
afterAll(() => t.close());

/** The route table as the routes declare it (`staffRouteOptions`), signed-in routes only. */
const guarded = () =>
  t.app.staffRouteTable().flatMap((r) => (r.roles === 'open' ? [] : [{ ...r, roles: r.roles }]));

describe('the staff role table', () => {
  it('every staff route answers every role as its declaration says: allowed, or 403', async () => {
    const routes = guarded();
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const seen: string[] = [];
    for (const route of routes) {
      for (const role of staffRoles) {
        const member = members.get(role);
        if (!member) throw new Error(role);
        // A fresh session each time: an allowed call may end its own (logout) or change what it may do.
        const token = await staffSession(t, member.id);
        const url = route.url.replace('/api/admin/v1', '').replace(':staffID', String(member.id));
        const res = await staffCall(
          t,
          token,
          route.method as 'GET',
          url,
          route.method === 'GET' ? undefined : {},
        );
        const allowed = route.roles.includes(role);
        const label = `${role} ${route.method} ${route.url} -> ${res.statusCode} ${res.body}`;
        if (allowed) expect([401, 403], label).not.toContain(res.statusCode);
        else expect([res.statusCode, res.json().code], label).toEqual([403, 100012]);
        seen.push(`${route.method} ${route.url} ${role}`);
      }
    }
    expect(seen).toHaveLength(routes.length * staffRoles.length);
  });

  it("the README's role table lists every staff route with the roles it is declared with", async () => {
    const readme = await readFile(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const table = new Map<string, string[]>();
    for (const line of readme.split('\n')) {
      const cells = /^\| `(GET|POST|PUT|DELETE) (\/api\/admin\/v1\/[^`]*)` \|(.*)\|\s*$/.exec(line);
      if (!cells) continue;
      const roles = (cells[3] ?? '').split('|').map((c) => c.trim());
      table.set(
        `${cells[1]} ${cells[2]}`,
        staffRoles.filter((_, i) => roles[i] === 'yes'),
      );
    }
    // Which roles, not in which order they were written.
    const declared = new Map(
      t.app
        .staffRouteTable()
        .map((r) => [
          `${r.method} ${r.url}`,
          r.roles === 'open' ? [...staffRoles] : staffRoles.filter((role) => r.roles.includes(role)),
        ]),
    );
    expect(table.size).toBeGreaterThan(0);
    expect(Object.fromEntries(table)).toEqual(Object.fromEntries(declared));
  });
});
