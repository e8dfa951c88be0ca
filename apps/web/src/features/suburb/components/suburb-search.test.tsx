import { Form } from 'antd';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Suburb } from '@storefront/contract/suburb';
import { searchSuburbs } from '../api';
import { SuburbSearch } from './suburb-search';

vi.mock('../api', () => ({ searchSuburbs: vi.fn(), suburbsOfPostcode: vi.fn() }));

function renderInForm() {
  render(
    <Form>
      <Form.Item
        label="Suburb"
        name="suburb"
        extra="Type a suburb or postcode and pick it from the list."
        rules={[{ required: true, message: 'Pick your suburb.' }]}
      >
        <SuburbSearch testId="suburb" onPick={vi.fn()} />
      </Form.Item>
      <button type="submit">Save</button>
    </Form>,
  );
}

function description(input: HTMLElement): (string | null | undefined)[] {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent);
}

describe('the suburb search in a form', () => {
  it('is the field its form label names, and clicking the label focuses it', async () => {
    renderInForm();
    const input = screen.getByLabelText('Suburb');
    expect(input).toBe(screen.getByTestId('suburb-input'));
    await userEvent.click(screen.getByText('Suburb'));
    expect(document.activeElement).toBe(input);
  });

  it('is described by the form item’s hint, and required', () => {
    renderInForm();
    const input = screen.getByTestId('suburb-input');
    expect(description(input)).toEqual(['Type a suburb or postcode and pick it from the list.']);
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('is marked invalid, and described by the error, when left empty', async () => {
    renderInForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByTestId('suburb-input');
    await waitFor(() => expect(description(input)).toContain('Pick your suburb.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('picking a suburb', () => {
  const sydney: Suburb = { suburbID: 11, suburb: 'Sydney', state: 'NSW', postcode: '2000' };
  const sydneySouth: Suburb = { suburbID: 12, suburb: 'Sydney South', state: 'NSW', postcode: '2000' };

  it('empties the list once a suburb is picked, and a search answered after the pick does not fill it again', async () => {
    let answerLate: (found: Suburb[]) => void = () => undefined;
    vi.mocked(searchSuburbs)
      .mockResolvedValueOnce([sydney, sydneySouth])
      .mockImplementationOnce(() => new Promise((resolve) => (answerLate = resolve)));
    const onPick = vi.fn();
    render(<SuburbSearch testId="suburb" onPick={onPick} />);
    // jsdom never finishes the list's closing animation: whether it could open again over the form is whether it
    // still holds options.
    const listIsEmpty = () =>
      document.querySelector('.ant-select-dropdown')?.classList.contains('ant-select-dropdown-empty');

    await userEvent.type(screen.getByTestId('suburb-input'), 'Syd');
    await screen.findByText('Sydney NSW 2000');
    expect(listIsEmpty()).toBe(false);
    // One more letter: its search goes out, and the shopper picks from the list already shown.
    await userEvent.type(screen.getByTestId('suburb-input'), 'n');
    await waitFor(() => expect(searchSuburbs).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByText('Sydney NSW 2000'));
    expect(onPick).toHaveBeenCalledWith(sydney);
    await waitFor(() => expect(listIsEmpty()).toBe(true));

    answerLate([sydney, sydneySouth]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listIsEmpty()).toBe(true);
  });
});
