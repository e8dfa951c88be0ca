import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, renderAt } from '../test-utils';
import { RequirePage } from './require-page';

describe('a page only some roles open', () => {
  it('shows a picker the 403 result instead of the page', async () => {
    renderAt(
      <RequirePage page="audit">
        <p>the audit log</p>
      </RequirePage>,
      { me: makeMe('picker') },
    );
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not allowed');
    expect(screen.getByText(/Your role \(Picker\) cannot open this page/)).toBeTruthy();
    expect(screen.queryByText('the audit log')).toBeNull();
    expect(document.title).toMatch(/^Not allowed · /);
  });

  it('shows the page to a role it is for', async () => {
    renderAt(
      <RequirePage page="audit">
        <p>the audit log</p>
      </RequirePage>,
      { me: makeMe('manager') },
    );
    expect(await screen.findByText('the audit log')).toBeTruthy();
  });
});
