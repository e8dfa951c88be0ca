import { describe, expect, it } from 'vitest';
import { appPathFromRedirect } from './safe-redirect';

describe('the page to return to after signing in', () => {
  it('is the back office page the session ended on, without the app path', () => {
    expect(appPathFromRedirect('/admin/audit?page=2&staffID=3')).toBe('/audit?page=2&staffID=3');
    expect(appPathFromRedirect('/admin')).toBe('/');
  });

  it('is nothing for another site, the customer store or the sign-in page itself', () => {
    expect(appPathFromRedirect('https://evil.test/admin/staff')).toBeNull();
    expect(appPathFromRedirect('//evil.test/admin/staff')).toBeNull();
    expect(appPathFromRedirect('/\\evil.test/admin')).toBeNull();
    expect(appPathFromRedirect('/account/profile')).toBeNull();
    expect(appPathFromRedirect('/administrator')).toBeNull();
    expect(appPathFromRedirect('/admin/login?redirect=/admin/staff')).toBeNull();
    expect(appPathFromRedirect(null)).toBeNull();
  });
});
