import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { dropFocusToBody } from '../test-support/focus';
import { useRemovalFocus } from './use-removal-focus';

type Answer = { isRemoved: boolean; isListedAfter?: boolean };

/** Answers the removal under way. */
const pending: { answer: (answer: Answer) => void } = { answer: () => undefined };

/**
 * A list of fruit, each with a remove button whose removal waits for the test to answer it. Removed rows leave the
 * list when the answer arrives, or later when `isListedAfter` says the list shows them until read again.
 */
function FruitList({ initial }: { initial: string[] }) {
  const [fruit, setFruit] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [reread, setReread] = useState<string | null>(null);
  const focus = useRemovalFocus(fruit);
  const remove = async (name: string) => {
    setBusy(name);
    const answer = await new Promise<Answer>((resolve) => {
      pending.answer = resolve;
    });
    setBusy(null);
    if (answer.isRemoved && answer.isListedAfter) setReread(name);
    else if (answer.isRemoved) setFruit((list) => list.filter((f) => f !== name));
    return answer.isRemoved;
  };
  return (
    <>
      <input aria-label="Search" />
      {fruit.length === 0 ? (
        <a href="/shop" ref={focus.emptyTargetRef}>
          Back to the shop
        </a>
      ) : (
        fruit.map((name) => (
          <div key={name}>
            <button type="button">Edit {name}</button>
            <button
              type="button"
              ref={focus.controlRef(name)}
              disabled={busy === name}
              onClick={() => void focus.remove(name, () => remove(name))}
            >
              Remove {name}
            </button>
          </div>
        ))
      )}
      {reread && (
        <button type="button" onClick={() => setFruit((list) => list.filter((f) => f !== reread))}>
          Answer the read
        </button>
      )}
    </>
  );
}

async function removeByKeyboard(name: string, answer: Answer) {
  const button = screen.getByRole('button', { name: `Remove ${name}` });
  button.focus();
  await userEvent.keyboard('{Enter}');
  await act(async () => pending.answer(answer));
}

describe('focus after a row is removed', () => {
  it('moves to the same button on the next row', async () => {
    render(<FruitList initial={['apple', 'banana', 'cherry']} />);
    await removeByKeyboard('banana', { isRemoved: true });
    expect(screen.queryByRole('button', { name: 'Remove banana' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove cherry' }));
  });

  it('moves to the same button on the row before when the last row was removed', async () => {
    render(<FruitList initial={['apple', 'banana', 'cherry']} />);
    await removeByKeyboard('cherry', { isRemoved: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove banana' }));
  });

  it('moves to what the empty list offers when the only row was removed', async () => {
    render(<FruitList initial={['apple']} />);
    await removeByKeyboard('apple', { isRemoved: true });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Back to the shop' }));
  });

  it('waits for a list read again after the removal to show the row gone', async () => {
    render(<FruitList initial={['apple', 'banana']} />);
    await removeByKeyboard('apple', { isRemoved: true, isListedAfter: true });
    expect(screen.getByRole('button', { name: 'Remove apple' })).toBeDefined();
    const answerRead = screen.getByRole('button', { name: 'Answer the read' });
    await act(async () => answerRead.click());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove banana' }));
  });

  it("goes back to the row's own button when the removal failed", async () => {
    render(<FruitList initial={['apple', 'banana']} />);
    const button = screen.getByRole('button', { name: 'Remove apple' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveProperty('disabled', true);
    dropFocusToBody();
    expect(document.activeElement).toBe(document.body);
    await act(async () => pending.answer({ isRemoved: false }));
    expect(document.activeElement).toBe(button);
  });

  it('stays where the customer put it while the removal was on its way', async () => {
    render(<FruitList initial={['apple', 'banana']} />);
    screen.getByRole('button', { name: 'Remove apple' }).focus();
    await userEvent.keyboard('{Enter}');
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    await act(async () => pending.answer({ isRemoved: true }));
    expect(document.activeElement).toBe(search);
  });
});
