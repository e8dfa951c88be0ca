import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDebugAsked, startDebugConsole } from './debug-console';

const customer = { apiBaseUrl: '', debugConsole: false, googleClientId: null, storeAbn: null };

describe('isDebugAsked', () => {
  it('keeps the switch hidden for a customer who asked for nothing', () => {
    expect(isDebugAsked(customer, '', sessionStorage)).toBe(false);
  });

  it('shows it when the runtime config asks for debugging', () => {
    expect(isDebugAsked({ ...customer, debugConsole: true }, '', sessionStorage)).toBe(true);
  });

  it('shows it for ?debug=1 and for the rest of the visit, until ?debug=0', () => {
    expect(isDebugAsked(customer, '?debug=1', sessionStorage)).toBe(true);
    expect(isDebugAsked(customer, '?page=2', sessionStorage)).toBe(true);
    expect(isDebugAsked(customer, '?debug=0', sessionStorage)).toBe(false);
    expect(isDebugAsked(customer, '', sessionStorage)).toBe(false);
  });
});

describe('startDebugConsole', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches vConsole again once the browser is back online when its code could not come offline', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const started = vi.fn();
    class FakeVConsole {
      constructor(options: unknown) {
        started(options);
      }
      hideSwitch() {}
    }
    const importVConsole = vi.fn<() => Promise<{ default: typeof FakeVConsole }>>();
    importVConsole
      .mockRejectedValueOnce(
        new TypeError('Failed to fetch dynamically imported module: /assets/vconsole.js'),
      )
      .mockResolvedValueOnce({ default: FakeVConsole });

    startDebugConsole(customer, importVConsole);
    await vi.advanceTimersByTimeAsync(5000);
    expect(importVConsole).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(importVConsole).toHaveBeenCalledOnce();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(started).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({ log: { maxLogNumber: 1000 } }),
      ),
    );
    expect(importVConsole).toHaveBeenCalledTimes(2);
  });
});
