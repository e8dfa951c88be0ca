import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from './antd-provider';

const REDUCED = '(prefers-reduced-motion: reduce)';

/** The visitor's system setting, which they can change while the page is open. */
function systemMotionSetting(isReduced: boolean) {
  let reduced = isReduced;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return reduced && query === REDUCED;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    set(isNowReduced: boolean) {
      reduced = isNowReduced;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the store’s Ant Design provider', () => {
  it.each([
    ['asks for reduced motion', false, true],
    ['stops asking for reduced motion', true, false],
  ])('keeps what a customer typed when their system %s with the page open', async (_, before, after) => {
    const setting = systemMotionSetting(before);
    render(
      <AntdProvider>
        <Input aria-label="First name" />
      </AntdProvider>,
    );
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'First name' });
    await userEvent.type(field, 'Ada');

    setting.set(after);

    // The same field, still holding what was typed: nothing was built again.
    expect(screen.getByRole('textbox', { name: 'First name' })).toBe(field);
    expect(field.value).toBe('Ada');
  });
});
