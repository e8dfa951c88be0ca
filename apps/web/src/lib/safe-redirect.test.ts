import { describe, expect, it } from 'vitest';
import { resolveSafeRedirect } from './safe-redirect';

describe('resolveSafeRedirect', () => {
  it('follows a same-site path with its query', () => {
    expect(resolveSafeRedirect('/account/profile?tab=1')).toBe('/account/profile?tab=1');
  });

  it.each([null, undefined, '', 'https://evil.test/', '//evil.test/x', '/\\evil.test', 'account'])(
    'sends %s home instead',
    (target) => {
      expect(resolveSafeRedirect(target)).toBe('/');
    },
  );
});
