import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

/** A system setting for reduced motion that the test can change, as a visitor would in their system's settings. */
function fakeReducedMotionSetting(isReduced: boolean) {
  const listeners = new Set<() => void>();
  let matches = isReduced;
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    listeners,
    change(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('usePrefersReducedMotion', () => {
  it('says whether the system asks for reduced motion', () => {
    fakeReducedMotionSetting(true);
    expect(renderHook(() => usePrefersReducedMotion()).result.current).toBe(true);
  });

  it('says no motion is asked to be reduced where the system has no such setting', () => {
    fakeReducedMotionSetting(false);
    expect(renderHook(() => usePrefersReducedMotion()).result.current).toBe(false);
  });

  it('follows the setting when the visitor changes it, and stops listening once unmounted', () => {
    const setting = fakeReducedMotionSetting(false);
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    act(() => setting.change(true));
    expect(result.current).toBe(true);
    act(() => setting.change(false));
    expect(result.current).toBe(false);
    unmount();
    expect(setting.listeners.size).toBe(0);
  });
});
