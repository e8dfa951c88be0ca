import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '@storefront/contract/catalogue-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import { importProducts, readProductExport } from '../import-api';
import { ImportPage } from './import-page';

vi.mock('../import-api', () => ({ importProducts: vi.fn(), readProductExport: vi.fn() }));

function makeReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    dryRun: true,
    applied: false,
    rows: 12,
    created: 3,
    updated: 4,
    unchanged: 5,
    problems: [],
    moreProblems: 0,
    ...overrides,
  };
}

const file = () =>
  new File(['sku,name,aisle,price\nA-1,Apples,fruit-veg,4.50\n'], 'products.csv', { type: 'text/csv' });

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  const chosen = file();
  await user.upload(screen.getByTestId('import-file'), chosen);
  return chosen;
}

describe('the import page', () => {
  beforeEach(() => {
    vi.mocked(importProducts).mockReset();
  });

  it('asks for a file first, with Check and Import off', () => {
    renderAt(<ImportPage />, { me: makeMe('manager') });
    expect(document.title).toMatch(/^Import products · /);
    expect(screen.getByTestId('import-empty')).toBeTruthy();
    expect(screen.getByTestId('import-check')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', true);
  });

  it('checks the file, shows what it would do, and imports it once the check is clean', async () => {
    vi.mocked(importProducts)
      .mockResolvedValueOnce(makeReport())
      .mockResolvedValueOnce(makeReport({ dryRun: false, applied: true }));
    const user = userEvent.setup();
    renderAt(<ImportPage />, { me: makeMe('manager') });
    const chosen = await chooseFile(user);
    expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', true);

    await user.click(screen.getByTestId('import-check'));

    const summary = await screen.findByTestId('import-summary');
    expect(importProducts).toHaveBeenCalledWith(chosen, { dryRun: true });
    expect(within(summary).getByText('The file is good. Import it to make these changes.')).toBeTruthy();
    expect(within(screen.getByTestId('import-summary-created')).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('import-summary-unchanged')).getByText('5')).toBeTruthy();
    expect(screen.queryByTestId('import-problems')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', false));

    await user.click(screen.getByTestId('import-apply'));

    expect(await screen.findByText('Imported. The shop shows the changes now.')).toBeTruthy();
    expect(importProducts).toHaveBeenLastCalledWith(chosen, { dryRun: false });
    expect(screen.getByTestId('import-done-products').getAttribute('href')).toBe('/products');
    expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', true);
  });

  const reportWithProblems = () =>
    makeReport({
      created: 1,
      updated: 0,
      unchanged: 0,
      problems: [
        { line: 1, column: 'colour', reason: 'is not a column of the product file' },
        {
          line: 3,
          column: 'price',
          reason: 'must be dollars like 4.50 or 4 (no $ sign, at most 2 decimals)',
        },
      ],
      moreProblems: 7,
    });

  it('lists the problems as cards on a phone, and keeps Import off', async () => {
    vi.mocked(importProducts).mockResolvedValue(reportWithProblems());
    const user = userEvent.setup();
    renderAt(<ImportPage />, { me: makeMe('owner') });
    await chooseFile(user);
    await user.click(screen.getByTestId('import-check'));

    const problems = await screen.findByTestId('import-problems');
    expect(within(problems).getByText('Line 3 · price')).toBeTruthy();
    expect(within(problems).getByText(/must be dollars like 4.50/)).toBeTruthy();
    expect(within(problems).getByText('Line 1 · colour')).toBeTruthy();
    expect(screen.getByTestId('import-problems-more').textContent).toMatch(/And 7 more/);
    expect(screen.getByText(/9 problems to fix/)).toBeTruthy();
    expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', true);
  });

  it('lists the problems as a table on a wide screen', async () => {
    vi.mocked(importProducts).mockResolvedValue(reportWithProblems());
    const wide = vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    const user = userEvent.setup();
    renderAt(<ImportPage />, { me: makeMe('owner') });
    await chooseFile(user);
    await user.click(screen.getByTestId('import-check'));

    const problems = await screen.findByTestId('import-problems');
    const priceRow = within(problems)
      .getByText(/must be dollars like 4.50/)
      .closest('tr');
    if (!priceRow) throw new Error('no table row for the price problem');
    expect(within(priceRow).getByText('3')).toBeTruthy();
    expect(within(priceRow).getByText('price')).toBeTruthy();
    wide.mockRestore();
  });

  it('says why a check failed and lets the file be checked again', async () => {
    vi.mocked(importProducts)
      .mockRejectedValueOnce(
        new ApiError('body: is empty: send the CSV file, its header row first', {
          code: errorCatalogue.VALIDATION.code,
          status: 400,
        }),
      )
      .mockResolvedValueOnce(makeReport());
    const user = userEvent.setup();
    renderAt(<ImportPage />, { me: makeMe('manager') });
    await chooseFile(user);
    await user.click(screen.getByTestId('import-check'));

    expect((await screen.findByTestId('import-error')).textContent).toMatch(/is empty/);
    await user.click(screen.getByTestId('import-check'));
    await screen.findByTestId('import-summary');
    expect(screen.queryByTestId('import-error')).toBeNull();
  });

  it('downloads every product as a CSV file with the staff session', async () => {
    vi.mocked(readProductExport).mockResolvedValue({
      file: new Blob(['sku\n']),
      fileName: 'products-2026-11-29.csv',
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<ImportPage />, { me: makeMe('manager') });

    await user.click(screen.getByTestId('import-export'));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(readProductExport).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
