import type { Address } from '@storefront/contract/address';
import { errorCatalogue } from '@storefront/contract/errors';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { addAddress, editAddress } from '../api';
import { AddressFormModal } from './address-form-modal';

vi.mock('../api');
vi.mock('../../../lib/toast');

const darwin: Address = {
  addressID: 7,
  firstName: 'Zoë',
  lastName: "O'Brien",
  phone: '+61412345678',
  line1: '3/12 Smith St',
  line2: null,
  suburbID: 232,
  suburb: 'Darwin',
  state: 'NT',
  postcode: '0800',
  country: 'AU',
  isDefaultShipping: true,
  isDefaultBilling: true,
};

function renderForm(editing: Address | null = darwin) {
  render(<AddressFormModal open editing={editing} onClose={vi.fn()} onSaved={vi.fn()} />);
}

async function retype(testId: string, text: string) {
  await userEvent.clear(screen.getByTestId(testId));
  await userEvent.type(screen.getByTestId(testId), text);
}

const invalid = (testId: string) => screen.getByTestId(testId).getAttribute('aria-invalid');

describe('the address form', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('shows a kept phone number as Australians write it, and sends it as typed', async () => {
    vi.mocked(editAddress).mockResolvedValue(darwin);
    renderForm();
    expect((screen.getByTestId('address-phone') as HTMLInputElement).value).toBe('0412 345 678');
    await retype('address-phone', '(08) 8981 1234');
    await userEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(editAddress).toHaveBeenCalledTimes(1));
    expect(vi.mocked(editAddress).mock.calls[0]?.[1]).toMatchObject({
      phone: '(08) 8981 1234',
      postcode: '0800',
    });
  });

  it('says a PO Box is not delivered to, at the street address, and sends nothing', async () => {
    renderForm();
    await retype('address-line1', 'PO Box 123');
    await userEvent.click(screen.getByTestId('address-save'));
    expect(
      await screen.findByText('We deliver to the door: enter a street address, not a PO Box or Locked Bag.'),
    ).toBeTruthy();
    expect(invalid('address-line1')).toBe('true');
    expect(editAddress).not.toHaveBeenCalled();
  });

  it('a postcode pasted with spaces around it is its four digits', async () => {
    vi.mocked(editAddress).mockResolvedValue(darwin);
    renderForm();
    await userEvent.clear(screen.getByTestId('address-postcode'));
    await userEvent.click(screen.getByTestId('address-postcode'));
    await userEvent.paste(' 0870 ');
    expect((screen.getByTestId('address-postcode') as HTMLInputElement).value).toBe('0870');
  });

  it('a postcode, suburb and state the server finds do not agree are marked, saying how to put it right', async () => {
    const { code, msg } = errorCatalogue.SUBURB_MISMATCH;
    vi.mocked(editAddress).mockRejectedValue({ code, msg, data: null });
    renderForm();
    await retype('address-postcode', '0870');
    await userEvent.click(screen.getByTestId('address-save'));
    expect(
      await screen.findByText(/Pick the suburb from the list again: it fills in the state and postcode\./),
    ).toBeTruthy();
    expect(invalid('address-suburb-input')).toBe('true');
    expect(invalid('address-postcode')).toBe('true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a field the server refuses (a 400 naming it) is told at that field in words, not as "something went wrong"', async () => {
    vi.mocked(addAddress).mockRejectedValue({
      status: 400,
      data: {
        code: errorCatalogue.VALIDATION.code,
        msg: 'body.line2: must not contain invisible formatting characters',
        data: {
          fields: [{ field: 'body.line2', message: 'must not contain invisible formatting characters' }],
        },
      },
    });
    renderForm(null);
    await userEvent.type(screen.getByTestId('address-first-name'), 'Mary Anne');
    await userEvent.type(screen.getByTestId('address-last-name'), 'Smith-Jones');
    await userEvent.type(screen.getByTestId('address-phone'), '0412-345-678');
    await userEvent.type(screen.getByTestId('address-line1'), 'Level 2, 100 George St');
    await userEvent.type(screen.getByTestId('address-line2'), 'Suite 4');
    await userEvent.type(screen.getByTestId('address-suburb-input'), 'Sydney');
    await userEvent.click(screen.getByTestId('address-state'));
    await userEvent.click(await screen.findByTitle('NSW'));
    await userEvent.type(screen.getByTestId('address-postcode'), '2000');
    await userEvent.click(screen.getByTestId('address-save'));
    expect(await screen.findByText('Must not contain invisible formatting characters.')).toBeTruthy();
    expect(invalid('address-line2')).toBe('true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("a new address starts with the customer's name, which can be changed", async () => {
    vi.mocked(addAddress).mockResolvedValue(darwin);
    render(
      <AddressFormModal
        open
        editing={null}
        customerName={{ firstName: 'Mia', lastName: 'Nguyen' }}
        onClose={vi.fn()}
        onSaved={vi.fn()}
      />,
    );
    const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
    expect([value('address-first-name'), value('address-last-name')]).toEqual(['Mia', 'Nguyen']);
    await retype('address-first-name', 'Tran');
    expect(value('address-first-name')).toBe('Tran');
  });

  it("an address being edited keeps its own recipient's name, not the customer's", () => {
    render(
      <AddressFormModal
        open
        editing={darwin}
        customerName={{ firstName: 'Mia', lastName: 'Nguyen' }}
        onClose={vi.fn()}
        onSaved={vi.fn()}
      />,
    );
    expect((screen.getByTestId('address-first-name') as HTMLInputElement).value).toBe('Zoë');
    expect((screen.getByTestId('address-last-name') as HTMLInputElement).value).toBe("O'Brien");
  });
});
