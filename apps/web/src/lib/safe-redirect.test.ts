import { describe, expect, it } from 'vitest';
import { resolveSafeRedirect } from './safe-redirect';

describe('resolveSafeRedirect', () => {
  it('follows a same-site path with its query', () => {
    expect(resolveSafeRedirect('/account/profile?tab=1')).toBe('/account/profile?tab=1');
    expect(resolveSafeRedirect('/shop?keyword=milk#results')).toBe('/shop?keyword=milk#results');
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'account',
    '/\t/evil.test',
    '/\n/evil.test',
    '\t//evil.test',
  ])('sends %s home instead', (target) => {
    expect(resolveSafeRedirect(target)).toBe('/');
  });
});
