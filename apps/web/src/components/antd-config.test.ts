import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAntdConfig } from './antd-config';
import { theme } from './antd-theme';

function setReducedMotion(isReduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: isReduced && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Ant Design config for a visitor', () => {
  it('turns off Ant Design motion and the click ripple when their system asks for reduced motion', () => {
    setReducedMotion(true);
    const { theme: reduced, wave } = renderHook(() => useAntdConfig()).result.current;
    expect(reduced.token?.motion).toBe(false);
    expect(wave.disabled).toBe(true);
    // The rest of the store's theme stays as it is, its own whatever the providers above it hold.
    expect({ ...reduced, token: { ...reduced.token, motion: undefined } }).toEqual({
      ...theme,
      inherit: false,
      token: { ...theme.token, motion: undefined },
    });
  });

  it("keeps the store's theme, motion and ripple as they are otherwise", () => {
    setReducedMotion(false);
    const config = renderHook(() => useAntdConfig()).result.current;
    expect(config.theme).toEqual({ ...theme, inherit: false });
    expect(config.theme.token?.motion).toBeUndefined();
    expect(config.wave.disabled).toBe(false);
  });
});
