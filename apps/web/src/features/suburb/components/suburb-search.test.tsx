import { Form } from 'antd';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
    await vi.waitFor(() => expect(description(input)).toContain('Pick your suburb.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
