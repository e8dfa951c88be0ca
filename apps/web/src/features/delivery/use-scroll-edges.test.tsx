import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScrollEdges } from './use-scroll-edges';

function Row() {
  const [ref, { isMoreBefore, isMoreAfter }] = useScrollEdges();
  return (
    <div ref={ref} data-testid="row" data-before={isMoreBefore} data-after={isMoreAfter}>
      <span>Today</span>
    </div>
  );
}

type Sizes = { clientWidth: number; scrollWidth: number; scrollLeft: number };

/** jsdom lays nothing out: the row's widths are what a phone would measure. */
function measured(row: HTMLElement, sizes: Sizes) {
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(row, key, { configurable: true, writable: true, value });
}

/** Renders the row measuring `sizes` from its first render on: the hook measures it before the first paint. */
function renderRow(sizes: Sizes) {
  const keys = Object.keys(sizes) as (keyof Sizes)[];
  for (const key of keys)
    Object.defineProperty(HTMLDivElement.prototype, key, { configurable: true, get: () => sizes[key] });
  try {
    render(<Row />);
  } finally {
    for (const key of keys) Reflect.deleteProperty(HTMLDivElement.prototype, key);
  }
  const row = screen.getByTestId('row');
  measured(row, sizes);
  return row;
}

describe('what a sideways row has beyond its edges', () => {
  it('a row wider than the screen has more after it, then before it once scrolled, and not after at its end', () => {
    const row = renderRow({ clientWidth: 320, scrollWidth: 560, scrollLeft: 0 });
    expect([row.dataset.before, row.dataset.after]).toEqual(['false', 'true']);

    measured(row, { clientWidth: 320, scrollWidth: 560, scrollLeft: 100 });
    act(() => void fireEvent.scroll(row));
    expect([row.dataset.before, row.dataset.after]).toEqual(['true', 'true']);

    measured(row, { clientWidth: 320, scrollWidth: 560, scrollLeft: 239.6 });
    act(() => void fireEvent.scroll(row));
    expect([row.dataset.before, row.dataset.after]).toEqual(['true', 'false']);
  });

  it('a row that fits has nothing beyond either edge', () => {
    const row = renderRow({ clientWidth: 640, scrollWidth: 640, scrollLeft: 0 });
    expect([row.dataset.before, row.dataset.after]).toEqual(['false', 'false']);
  });
});
