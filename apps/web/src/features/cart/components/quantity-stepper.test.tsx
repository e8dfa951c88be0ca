import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

function renderStepper(onCommit: (quantity: number) => Promise<boolean>) {
  const props = { quantity: 3, stock: 10, onCommit, productName: 'Vegemite 380g', testId: 'qty' };
  const view = render(<QuantityStepper {...props} />);
  return {
    box: screen.getByTestId<HTMLInputElement>('qty'),
    serverAnswers: (quantity: number) => view.rerender(<QuantityStepper {...props} quantity={quantity} />),
  };
}

async function typeQuantity(box: HTMLInputElement, quantity: string) {
  await userEvent.clear(box);
  await userEvent.type(box, `${quantity}{Enter}`);
}

describe('the quantity box', () => {
  it("names its field and buttons for the product, so a cart's lines are told apart", () => {
    renderStepper(() => Promise.resolve(true));
    expect(screen.getByRole('textbox', { name: 'Quantity of Vegemite 380g' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'One more Vegemite 380g' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'One fewer Vegemite 380g' })).toBeTruthy();
  });

  it('goes back to the server’s quantity when the server refuses the new one', async () => {
    const { box } = renderStepper(vi.fn().mockResolvedValue(false));
    await typeQuantity(box, '5');
    await waitFor(() => expect(box.value).toBe('3'));
  });

  it('sends the same quantity again after a refusal', async () => {
    const onCommit = vi.fn().mockResolvedValue(false);
    const { box } = renderStepper(onCommit);
    await typeQuantity(box, '5');
    await waitFor(() => expect(box.value).toBe('3'));
    await typeQuantity(box, '5');
    expect(onCommit.mock.calls).toEqual([[5], [5]]);
  });

  it('keeps a quantity the server took', async () => {
    const onCommit = vi.fn().mockResolvedValue(true);
    const { box, serverAnswers } = renderStepper(onCommit);
    await typeQuantity(box, '5');
    serverAnswers(5);
    await Promise.resolve();
    expect(box.value).toBe('5');
    await userEvent.type(box, '{Enter}');
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('drops a cap’s hint once the capped quantity is refused', async () => {
    const { box } = renderStepper(vi.fn().mockResolvedValue(false));
    await typeQuantity(box, '50');
    await waitFor(() => expect(box.value).toBe('3'));
    expect(screen.getByTestId('qty-hint').textContent).toBe('');
  });

  it('keeps the focus on One more while a step is sent, and takes no other step until then', async () => {
    let answer: (taken: boolean) => void = () => undefined;
    const onCommit = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const props = { quantity: 3, stock: 10, onCommit, productName: 'Vegemite 380g', testId: 'qty' };
    const view = render(<QuantityStepper {...props} />);
    const more = screen.getByRole('button', { name: 'One more Vegemite 380g' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    view.rerender(<QuantityStepper {...props} isDisabled />);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(onCommit.mock.calls).toEqual([[4]]);
    expect(document.activeElement).toBe(more);

    answer(true);
    view.rerender(<QuantityStepper {...props} quantity={4} />);
    await userEvent.keyboard('{Enter}');
    expect(onCommit.mock.calls).toEqual([[4], [5]]);
    expect(document.activeElement).toBe(more);
  });

  it('keeps One more focusable at the most that can be bought, so a typed maximum and Tab land on it', async () => {
    const onCommit = vi.fn().mockResolvedValue(true);
    const props = { quantity: 3, stock: 10, onCommit, productName: 'Vegemite 380g', testId: 'qty' };
    const view = render(<QuantityStepper {...props} />);
    const box = screen.getByTestId<HTMLInputElement>('qty');
    const more = screen.getByRole('button', { name: 'One more Vegemite 380g' });
    await userEvent.clear(box);
    await userEvent.type(box, '10');
    await userEvent.tab();
    expect(onCommit.mock.calls).toEqual([[10]]);
    view.rerender(<QuantityStepper {...props} quantity={10} />);
    expect(document.activeElement).toBe(more);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('keeps One fewer focusable at 1, and takes no step below it', async () => {
    const onCommit = vi.fn().mockResolvedValue(true);
    const props = { quantity: 2, stock: 10, onCommit, productName: 'Vegemite 380g', testId: 'qty' };
    const view = render(<QuantityStepper {...props} />);
    const fewer = screen.getByRole('button', { name: 'One fewer Vegemite 380g' });
    fewer.focus();
    await userEvent.keyboard('{Enter}');
    view.rerender(<QuantityStepper {...props} quantity={1} />);
    expect(document.activeElement).toBe(fewer);
    expect(fewer.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(onCommit.mock.calls).toEqual([[1]]);
  });
});
