import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmPopover } from './confirm-popover';

function renderConfirm(onConfirm = vi.fn()) {
  render(
    <>
      <ConfirmPopover
        title="Delete this address?"
        description="It cannot be undone."
        okText="Delete"
        onConfirm={onConfirm}
      >
        <Button data-testid="opener">Delete</Button>
      </ConfirmPopover>
      <input aria-label="Elsewhere" />
    </>,
  );
  return { opener: screen.getByTestId('opener'), onConfirm };
}

async function openByKeyboard(opener: HTMLElement) {
  opener.focus();
  await userEvent.keyboard('{Enter}');
  const cancel = await screen.findByRole('button', { name: 'Cancel' });
  await waitFor(() => expect(document.activeElement).toBe(cancel));
}

describe('a confirmation pop-up', () => {
  it('moves focus to its cancel button when it opens', async () => {
    const { opener } = renderConfirm();
    await openByKeyboard(opener);
  });

  it('moves focus to its cancel button again when it opens a second time', async () => {
    const { opener } = renderConfirm();
    await openByKeyboard(opener);
    await userEvent.keyboard('{Escape}');
    await openByKeyboard(opener);
  });

  it('reads its question with the buttons that answer it', async () => {
    const { opener } = renderConfirm();
    await openByKeyboard(opener);
    const question = 'Delete this address? It cannot be undone.';
    expect(screen.getByRole('button', { name: 'Cancel', description: question })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete', description: question })).toBeDefined();
  });

  it('gives focus back to its opener when Escape closes it', async () => {
    const { opener, onConfirm } = renderConfirm();
    await openByKeyboard(opener);
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('gives focus back to its opener when cancelled', async () => {
    const { opener, onConfirm } = renderConfirm();
    await openByKeyboard(opener);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('gives focus back to its opener once confirmed', async () => {
    const { opener, onConfirm } = renderConfirm();
    await openByKeyboard(opener);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus where a click elsewhere put it', async () => {
    const { opener } = renderConfirm();
    await openByKeyboard(opener);
    await userEvent.click(screen.getByRole('textbox', { name: 'Elsewhere' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });
});
