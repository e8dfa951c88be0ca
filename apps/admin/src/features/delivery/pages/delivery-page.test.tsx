import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DeliveryClosure,
  DeliveryTemplate,
  DeliveryTemplates,
  DeliveryZones,
} from '@storefront/contract/delivery-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { ApiError } from '../../../lib/http/api-error';
import { makeMe, renderAt } from '../../../test-utils';
import {
  addClosure,
  addTemplate,
  listClosures,
  listTemplates,
  listZones,
  removeClosure,
  updateTemplate,
  updateZone,
} from '../api';
import { DeliveryPage } from './delivery-page';

vi.mock('../api', () => ({
  listTemplates: vi.fn(),
  addTemplate: vi.fn(),
  updateTemplate: vi.fn(),
  listClosures: vi.fn(),
  addClosure: vi.fn(),
  removeClosure: vi.fn(),
  listZones: vi.fn(),
  updateZone: vi.fn(),
}));

const UPDATED_AT = '2026-11-20T00:00:00.000Z';

function zones(metroMinimum = 3000): DeliveryZones {
  return {
    zones: [
      { zone: 'interstate', minimumOrder: 0, updatedAt: UPDATED_AT },
      { zone: 'metro', minimumOrder: metroMinimum, updatedAt: UPDATED_AT },
      { zone: 'regional', minimumOrder: 0, updatedAt: UPDATED_AT },
      { zone: 'remote', minimumOrder: 0, updatedAt: UPDATED_AT },
    ],
  };
}

function makeTemplate(overrides: Partial<DeliveryTemplate> = {}): DeliveryTemplate {
  return {
    templateID: 1,
    zone: 'metro',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '09:00',
    endTime: '11:00',
    capacity: 8,
    priceDelta: 0,
    label: null,
    cutoffMinutes: 120,
    isActive: true,
    booked: 0,
    ...overrides,
  };
}

const morning = makeTemplate();
const evening = makeTemplate({
  templateID: 2,
  weekdays: [1, 2, 3, 4, 5],
  startTime: '17:00',
  endTime: '19:00',
  capacity: 6,
  priceDelta: 300,
  label: 'Evening',
  booked: 3,
});
const christmas: DeliveryClosure = {
  closureID: 5,
  date: '2099-12-25',
  zone: null,
  reason: 'Christmas Day',
  createdAt: '2026-11-20T00:00:00.000Z',
};

function settings(metro: DeliveryTemplate[] = [morning, evening]): DeliveryTemplates {
  return {
    zones: [
      { zone: 'metro', templates: metro },
      { zone: 'regional', templates: [] },
      { zone: 'interstate', templates: [] },
      { zone: 'remote', templates: [] },
    ],
  };
}

function rowOf(text: string): HTMLElement {
  const row = screen
    .getAllByTestId('template-row')
    .find((r) => within(r).queryByText(text, { exact: false }));
  if (!row) throw new Error(`no template row with ${text}`);
  return row;
}

async function openPage() {
  const user = userEvent.setup();
  renderAt(<DeliveryPage />, { me: makeMe('manager') });
  await screen.findAllByTestId('template-row');
  return user;
}

function setTime(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('the delivery windows page', () => {
  beforeEach(() => {
    vi.mocked(listTemplates).mockResolvedValue(settings());
    vi.mocked(listClosures).mockResolvedValue({ list: [christmas] });
    vi.mocked(listZones).mockResolvedValue(zones());
  });

  it("lists each zone's windows with their days, times, places, price and cut-off, and the closed days", async () => {
    renderAt(<DeliveryPage />, { me: makeMe('manager') });
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await screen.findAllByTestId('template-row');
    expect(document.title).toMatch(/^Delivery windows · /);
    expect(screen.getAllByTestId('template-row')).toHaveLength(2);
    expect(within(screen.getByTestId('delivery-zone-metro')).getByRole('table')).toBeTruthy();
    const row = rowOf('Evening');
    for (const text of ['17:00 – 19:00', 'Mon', 'Fri', '6', '3 booked ahead', '+$3.00', 'Offered'])
      expect(within(row).getByText(text, { exact: false })).toBeTruthy();
    expect(within(row).queryByText('Sat')).toBeNull();
    expect(within(rowOf('09:00 – 11:00')).getByText('Sun')).toBeTruthy();
    expect(
      within(screen.getByTestId('delivery-zone-regional')).getByText(/regional orders go by courier/),
    ).toBeTruthy();
    const [closure] = screen.getAllByTestId('closure-row');
    expect(closure && within(closure).getByText('Christmas Day')).toBeTruthy();
    expect(closure && within(closure).getByText('All zones')).toBeTruthy();
  });

  it('adds a weekday window, which then shows in its zone', async () => {
    const added = makeTemplate({
      templateID: 3,
      weekdays: [1, 2, 3, 4, 5],
      startTime: '06:00',
      endTime: '08:00',
      capacity: 12,
      priceDelta: -150,
      label: 'Early',
    });
    vi.mocked(addTemplate).mockResolvedValue(added);
    const user = await openPage();

    await user.click(screen.getByTestId('delivery-add-template'));
    const form = await screen.findByTestId('template-form');
    await user.click(within(form).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Sun' }));
    setTime('template-start', '06:00');
    setTime('template-end', '08:00');
    await user.clear(screen.getByTestId('template-capacity'));
    await user.type(screen.getByTestId('template-capacity'), '12');
    await user.clear(screen.getByTestId('template-price'));
    await user.type(screen.getByTestId('template-price'), '-1.50');
    await user.type(screen.getByTestId('template-label'), 'Early');
    await user.click(screen.getByTestId('template-save'));

    await waitFor(() =>
      expect(addTemplate).toHaveBeenCalledWith({
        zone: 'metro',
        weekdays: [1, 2, 3, 4, 5],
        startTime: '06:00',
        endTime: '08:00',
        capacity: 12,
        priceDelta: -150,
        label: 'Early',
        cutoffMinutes: 120,
        isActive: true,
      }),
    );
    expect(await screen.findByText(/The 06:00 window is added/)).toBeTruthy();
    const rows = screen.getAllByTestId('template-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('−$1.50')).toBeTruthy();
  });

  it('refuses an end before the start, or no day, before sending', async () => {
    const user = await openPage();
    await user.click(screen.getByTestId('delivery-add-template'));
    const form = await screen.findByTestId('template-form');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
      await user.click(within(form).getByRole('checkbox', { name: day }));
    setTime('template-start', '10:00');
    setTime('template-end', '09:00');
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Choose at least one day.')).toBeTruthy();
    expect(await screen.findByText('The end must be after the start, on the same day.')).toBeTruthy();
    expect(addTemplate).not.toHaveBeenCalled();
  });

  it('edits a window; a capacity below what is booked is refused at the capacity field', async () => {
    const refusal =
      'The window of Thu 26 Nov, 5:00 pm AEDT already has 3 booked: the capacity cannot go below 3.';
    vi.mocked(updateTemplate).mockRejectedValueOnce(
      new ApiError(refusal, { code: errorCatalogue.DELIVERY_CAPACITY_BELOW_BOOKED.code, status: 200 }),
    );
    vi.mocked(updateTemplate).mockResolvedValueOnce({ ...evening, capacity: 4 });
    const user = await openPage();

    await user.click(within(rowOf('Evening')).getByTestId('template-edit-2'));
    const capacity = await screen.findByTestId('template-capacity');
    await waitFor(() => expect((capacity as HTMLInputElement).value).toBe('6'));
    expect((screen.getByTestId('template-price') as HTMLInputElement).value).toBe('3.00');
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByTestId('template-error')).toBeNull();
    const { templateID: _id, zone: _zone, booked: _booked, ...fields } = evening;
    expect(updateTemplate).toHaveBeenCalledWith(2, { ...fields, capacity: 2 });

    await user.clear(capacity);
    await user.type(capacity, '4');
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('The 17:00 window is saved.')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Evening')).getByText('4')).toBeTruthy());
  });

  it('a change refused for the orders booked says so above the form', async () => {
    const refusal =
      '3 orders are booked in coming windows this change takes away (Thu 26 Nov, 5:00 pm AEDT: 3 booked). Move or cancel them first.';
    vi.mocked(updateTemplate).mockRejectedValue(
      new ApiError(refusal, { code: errorCatalogue.DELIVERY_TEMPLATE_BOOKED.code, status: 200 }),
    );
    const user = await openPage();
    await user.click(screen.getByTestId('template-edit-2'));
    await user.click(await screen.findByTestId('template-active'));
    await user.click(screen.getByTestId('template-save'));
    expect(within(await screen.findByTestId('template-error')).getByText(refusal)).toBeTruthy();
    expect(updateTemplate).toHaveBeenCalledWith(2, expect.objectContaining({ isActive: false }));
  });

  it('closes a day for every zone, and opens it again', async () => {
    const boxing: DeliveryClosure = {
      closureID: 6,
      date: '2099-12-26',
      zone: null,
      reason: 'Boxing Day',
      createdAt: '2026-11-20T00:00:00.000Z',
    };
    vi.mocked(addClosure).mockResolvedValue(boxing);
    vi.mocked(removeClosure).mockResolvedValue(null);
    const user = await openPage();

    await user.click(screen.getByTestId('closure-add'));
    await screen.findByTestId('closure-form');
    fireEvent.change(screen.getByTestId('closure-date'), { target: { value: '2099-12-26' } });
    await user.type(screen.getByTestId('closure-reason'), ' Boxing Day ');
    await user.click(screen.getByTestId('closure-save'));
    await waitFor(() =>
      expect(addClosure).toHaveBeenCalledWith({ date: '2099-12-26', zone: null, reason: 'Boxing Day' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('closure-row')).toHaveLength(2));
    expect(
      within(screen.getAllByTestId('closure-row')[1] as HTMLElement).getByText('Boxing Day'),
    ).toBeTruthy();

    await user.click(screen.getByTestId('closure-delete-5'));
    await user.click(await screen.findByRole('button', { name: 'Open it' }));
    await waitFor(() => expect(removeClosure).toHaveBeenCalledWith(5));
    await waitFor(() => expect(screen.getAllByTestId('closure-row')).toHaveLength(1));
    expect(screen.queryByText('Christmas Day')).toBeNull();
  });

  it('a closure refused for its bookings says so at the day', async () => {
    const refusal =
      '2 orders are booked for delivery on Sat 26 Dec 2099 (metro 2). Move or cancel them first, then close the day.';
    vi.mocked(addClosure).mockRejectedValue(
      new ApiError(refusal, { code: errorCatalogue.DELIVERY_CLOSURE_BOOKED.code, status: 200 }),
    );
    const user = await openPage();
    await user.click(screen.getByTestId('closure-add'));
    await screen.findByTestId('closure-form');
    fireEvent.change(screen.getByTestId('closure-date'), { target: { value: '2099-12-26' } });
    await user.type(screen.getByTestId('closure-reason'), 'Boxing Day');
    await user.click(screen.getByTestId('closure-save'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByTestId('closure-error')).toBeNull();
  });

  it("shows each zone's minimum order, and a manager changes one in dollars", async () => {
    vi.mocked(updateZone).mockResolvedValue({ zone: 'metro', minimumOrder: 4550, updatedAt: UPDATED_AT });
    const user = await openPage();
    expect(screen.getByTestId('zone-minimum-metro').textContent).toBe('$30.00 minimum order');
    expect(screen.getByTestId('zone-minimum-regional').textContent).toBe('No minimum order');

    await user.click(screen.getByRole('button', { name: 'Change the metro minimum order' }));
    const amount = await screen.findByTestId('zone-minimum-amount');
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('30.00'));
    await user.clear(amount);
    await user.type(amount, '45.50');
    await user.click(screen.getByTestId('zone-minimum-save'));
    await waitFor(() => expect(updateZone).toHaveBeenCalledWith('metro', { minimumOrder: 4550 }));
    expect(await screen.findByText('Metro: $45.50 minimum order.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('zone-minimum-metro').textContent).toBe('$45.50 minimum order'),
    );
  });

  it('refuses a negative minimum before sending', async () => {
    const user = await openPage();
    await user.click(screen.getByTestId('zone-minimum-edit-metro'));
    const amount = await screen.findByTestId('zone-minimum-amount');
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(screen.getByTestId('zone-minimum-save'));
    expect(await screen.findByText('From $0 to $1,000.')).toBeTruthy();
    expect(updateZone).not.toHaveBeenCalled();
  });

  it('with no windows and no closures, says so', async () => {
    vi.mocked(listTemplates).mockResolvedValue(settings([]));
    vi.mocked(listClosures).mockResolvedValue({ list: [] });
    renderAt(<DeliveryPage />, { me: makeMe('manager') });
    expect(await screen.findByText(/metro orders go by courier/)).toBeTruthy();
    expect(screen.getByText('No closed days ahead.')).toBeTruthy();
    expect(screen.queryAllByTestId('template-row')).toHaveLength(0);
  });

  it('a refused read shows the error with a way to try again', async () => {
    vi.mocked(listTemplates)
      .mockRejectedValueOnce(new ApiError('Please check your network connection and try again.'))
      .mockResolvedValueOnce(settings());
    const user = userEvent.setup();
    renderAt(<DeliveryPage />, { me: makeMe('manager') });
    expect(await screen.findByText('Please check your network connection and try again.')).toBeTruthy();
    await user.click(screen.getByTestId('load-retry'));
    expect(await screen.findAllByTestId('template-row')).toHaveLength(2);
  });
});

describe('the delivery windows page on a phone', () => {
  const wide = window.matchMedia;
  beforeEach(() => {
    vi.mocked(listTemplates).mockResolvedValue(settings());
    vi.mocked(listClosures).mockResolvedValue({ list: [christmas] });
    vi.mocked(listZones).mockResolvedValue(zones());
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 575') });
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it('shows a card for each window and each closed day, no tables', async () => {
    renderAt(<DeliveryPage />, { me: makeMe('owner') });
    const cards = await screen.findAllByTestId('template-row');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(rowOf('Evening')).getByText('6 places · 3 booked ahead')).toBeTruthy();
    expect(within(rowOf('Evening')).getByText('Booking closes 2 h before')).toBeTruthy();
    expect(screen.getAllByTestId('closure-row')).toHaveLength(1);
  });
});
