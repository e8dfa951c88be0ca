import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRouteFocus } from './use-route-focus';

function Layout() {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  const navigate = useNavigate();
  return (
    <>
      <input aria-label="Search" onKeyDown={(e) => e.key === 'Enter' && void navigate('/results')} />
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading shows only once its data has come, as the product page's does. */
function SlowPage({ release }: { release: Promise<void> }) {
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => {
    void release.then(() => setIsLoaded(true));
  }, [release]);
  return isLoaded ? <h1>Crushed Tomatoes</h1> : <p>Loading</p>;
}

/** A page that draws its heading again once loaded, as the order page does (in another card). */
function RedrawnPage({ release }: { release: Promise<void> }) {
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => {
    void release.then(() => setIsLoaded(true));
  }, [release]);
  return isLoaded ? (
    <article>
      <h1>Order #7</h1>
      <p>Paid</p>
    </article>
  ) : (
    <div>
      <h1>Order #7</h1>
      <p>Loading</p>
    </div>
  );
}

function renderStore(release: Promise<void>) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          {
            path: '/',
            element: (
              <>
                <h1>Home</h1>
                <Link to="/product">Crushed Tomatoes</Link>
                <Link to="/order">Order #7</Link>
              </>
            ),
          },
          { path: '/product', element: <SlowPage release={release} /> },
          { path: '/order', element: <RedrawnPage release={release} /> },
          { path: '/results', element: <h1>Results</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the focus when another page opens', () => {
  it("moves to the new page's heading once it shows, the main area holding it meanwhile", async () => {
    let release = () => undefined as void;
    renderStore(new Promise<void>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Crushed Tomatoes' }).focus();
    await user.keyboard('{Enter}');

    await screen.findByText('Loading');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    act(() => release());
    const heading = await screen.findByRole('heading', { name: 'Crushed Tomatoes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Not a control: only the starting point of the next Tab, so it leaves the order of Tab as it was once left.
    expect(heading.getAttribute('tabindex')).toBe('-1');
    await user.tab();
    expect(heading.hasAttribute('tabindex')).toBe(false);
  });

  it('moves to the heading again when the page draws it anew', async () => {
    let release = () => undefined as void;
    renderStore(new Promise<void>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Order #7' }).focus();
    await user.keyboard('{Enter}');

    const loading = await screen.findByRole('heading', { name: 'Order #7' });
    await waitFor(() => expect(document.activeElement).toBe(loading));
    act(() => release());
    await screen.findByText('Paid');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Order #7' })),
    );
    expect(document.activeElement).not.toBe(loading);
  });

  it('stays in a control that is still on the page, as the header search after a search', async () => {
    renderStore(Promise.resolve());
    const user = userEvent.setup();
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.click(search);
    await user.keyboard('tomatoes{Enter}');

    await screen.findByRole('heading', { name: 'Results' });
    expect(document.activeElement).toBe(search);
  });
});
