import type { DeliveryWindow } from '@storefront/contract/delivery';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchDeliveryWindows } from '../api';
import { DeliveryWindowPicker } from './delivery-window-picker';

vi.mock('../api', () => ({ fetchDeliveryWindows: vi.fn() }));

const slot: DeliveryWindow = {
  windowID: 1,
  startsAt: '2026-11-29T04:00:00.000Z',
  endsAt: '2026-11-29T06:00:00.000Z',
  cutoffAt: '2026-11-28T09:00:00.000Z',
  label: null,
  priceDelta: 0,
  capacity: 10,
  remaining: 8,
  isFull: false,
};

const WEEK = [
  '2026-11-29',
  '2026-11-30',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
  '2026-12-04',
  '2026-12-05',
];

type Sizes = { clientWidth: number; scrollWidth: number; scrollLeft: number };
const sizes: Sizes = { clientWidth: 0, scrollWidth: 0, scrollLeft: 0 };

/** jsdom lays nothing out: every div measures what the strip would on a phone (set by each test). */
beforeEach(() => {
  for (const key of Object.keys(sizes) as (keyof Sizes)[])
    Object.defineProperty(HTMLDivElement.prototype, key, { configurable: true, get: () => sizes[key] });
  vi.mocked(fetchDeliveryWindows).mockResolvedValue({
    zone: 'metro',
    required: true,
    timeZone: 'Australia/Sydney',
    days: WEEK.map((date, i) => ({ date, windows: [{ ...slot, windowID: i + 1 }] })),
  });
});
afterEach(() => {
  for (const key of Object.keys(sizes)) Reflect.deleteProperty(HTMLDivElement.prototype, key);
});

describe('the strip of delivery days', () => {
  it('wider than the screen, it shows an arrow and fades where days lie beyond, following the swipe', async () => {
    Object.assign(sizes, { clientWidth: 320, scrollWidth: 560, scrollLeft: 0 });
    render(<DeliveryWindowPicker addressID={4} />);

    const strip = await screen.findByTestId('window-days');
    expect(screen.getByTestId('window-days-more').getAttribute('aria-hidden')).toBe('true');
    expect([strip.dataset.moreBefore, strip.dataset.moreAfter]).toEqual([undefined, 'true']);

    const days = strip.querySelector<HTMLElement>('.window-picker__days');
    if (!days) throw new Error('no days');
    sizes.scrollLeft = 240;
    act(() => void fireEvent.scroll(days));
    expect([strip.dataset.moreBefore, strip.dataset.moreAfter]).toEqual(['true', undefined]);
    expect(screen.queryByTestId('window-days-more')).toBeNull();
  });

  it('when every day fits, it shows neither arrow nor fade', async () => {
    Object.assign(sizes, { clientWidth: 640, scrollWidth: 560, scrollLeft: 0 });
    render(<DeliveryWindowPicker addressID={4} />);

    const strip = await screen.findByTestId('window-days');
    expect(screen.queryByTestId('window-days-more')).toBeNull();
    expect([strip.dataset.moreBefore, strip.dataset.moreAfter]).toEqual([undefined, undefined]);
  });
});
