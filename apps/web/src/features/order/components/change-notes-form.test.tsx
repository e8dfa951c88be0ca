import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeDeliveryNotes } from '../api';
import { makeOrderDetail as makeOrder } from '../../../test-support/order-detail';
import { ChangeNotesForm } from './change-notes-form';

vi.mock('../api', () => ({ changeDeliveryNotes: vi.fn() }));

beforeEach(() => {
  vi.mocked(changeDeliveryNotes).mockReset();
});

describe("changing an order's delivery instructions", () => {
  it('sends the instructions written and the authority to leave, then shows the saved order', async () => {
    const saved = makeOrder({ deliveryNotes: 'Gate code 4821', leaveUnattended: true });
    vi.mocked(changeDeliveryNotes).mockResolvedValue(saved);
    const onChanged = vi.fn();
    render(<ChangeNotesForm order={makeOrder()} onChanged={onChanged} onStale={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add instructions for the driver' }));
    // Focus goes where the customer is to type, not to the page's top with the button gone.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('order-notes')));
    await userEvent.type(screen.getByTestId('order-notes'), 'Gate code 4821');
    await userEvent.click(screen.getByLabelText('If nobody is home, leave it at the door'));
    await userEvent.click(screen.getByTestId('order-notes-save'));

    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(saved));
    expect(changeDeliveryNotes).toHaveBeenCalledWith({
      orderID: 12,
      deliveryNotes: 'Gate code 4821',
      leaveUnattended: true,
    });
    // The fields close and focus goes back to the button that opened them.
    const opener = await screen.findByTestId('order-notes-edit');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('clears the instructions when they are emptied, and keeps the fields open when saving fails', async () => {
    vi.mocked(changeDeliveryNotes).mockRejectedValue(new Error('network down'));
    const onChanged = vi.fn();
    const onStale = vi.fn();
    render(
      <ChangeNotesForm
        order={makeOrder({ deliveryNotes: 'Ring the bell' })}
        onChanged={onChanged}
        onStale={onStale}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Change instructions' }));
    expect(screen.getByTestId('order-notes')).toHaveProperty('value', 'Ring the bell');
    await userEvent.clear(screen.getByTestId('order-notes'));
    await userEvent.click(screen.getByTestId('order-notes-save'));

    await waitFor(() =>
      expect(changeDeliveryNotes).toHaveBeenCalledWith({ orderID: 12, leaveUnattended: false }),
    );
    expect(onChanged).not.toHaveBeenCalled();
    expect(onStale).not.toHaveBeenCalled();
    expect(screen.getByTestId('order-notes-form')).toBeTruthy();
  });

  it('has the page read the order again when it shipped meanwhile', async () => {
    const shipped = { code: 100608, msg: 'The delivery instructions can no longer be changed.', data: null };
    vi.mocked(changeDeliveryNotes).mockRejectedValue(shipped);
    const onStale = vi.fn();
    render(<ChangeNotesForm order={makeOrder()} onChanged={vi.fn()} onStale={onStale} />);

    await userEvent.click(screen.getByTestId('order-notes-edit'));
    await userEvent.click(screen.getByTestId('order-notes-save'));

    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
  });
});

describe('the delivery instructions counter', () => {
  it('counts an emoji and a line break as one character each, as the server does, and takes 250 emoji', async () => {
    vi.mocked(changeDeliveryNotes).mockResolvedValue(makeOrder());
    render(<ChangeNotesForm order={makeOrder()} onChanged={vi.fn()} onStale={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add instructions for the driver' }));
    const notes = screen.getByTestId('order-notes');
    await userEvent.type(notes, 'Gate 🔑{Enter}🐕');
    expect(screen.getByText('8 / 250')).toBeTruthy();

    await userEvent.clear(notes);
    await userEvent.click(notes);
    await userEvent.paste('🍎'.repeat(251));
    expect((notes as HTMLTextAreaElement).value).toBe('🍎'.repeat(250));
    expect(screen.getByText('250 / 250')).toBeTruthy();
    await userEvent.click(screen.getByTestId('order-notes-save'));
    await waitFor(() => expect(changeDeliveryNotes).toHaveBeenCalledTimes(1));
    expect(vi.mocked(changeDeliveryNotes).mock.calls[0]?.[0]).toMatchObject({
      deliveryNotes: '🍎'.repeat(250),
    });
  });
});
