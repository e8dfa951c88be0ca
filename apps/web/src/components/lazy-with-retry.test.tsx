import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Component, Suspense, type ComponentProps, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  lazyWithRetry,
  PartLoadBoundary,
  retryFailedLoads,
  retryingImport,
  watchFailedStylesheets,
} from './lazy-with-retry';

const offline = () => new TypeError('Failed to fetch dynamically imported module: /assets/page.js');

function Page({ text }: { text: string }) {
  return <p>{text}</p>;
}

class ShowError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">could not load</p> : this.props.children;
  }
}

function renderLazy(LazyPage: ReturnType<typeof lazyWithRetry<{ text: string }>>, key: number) {
  return (
    <ShowError key={key}>
      <Suspense fallback={<p>loading</p>}>
        <LazyPage text="the page" />
      </Suspense>
    </ShowError>
  );
}

describe('retryingImport', () => {
  it('shares one load between callers and keeps what it loaded', async () => {
    const load = vi.fn(() => Promise.resolve({ value: 1 }));
    const loadOnce = retryingImport(load);
    await Promise.all([loadOnce(), loadOnce()]);
    expect(await loadOnce()).toEqual({ value: 1 });
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets a failed load, so the next call fetches the code again', async () => {
    const load = vi.fn<() => Promise<{ value: number }>>();
    load.mockRejectedValueOnce(offline()).mockResolvedValueOnce({ value: 2 });
    const loadAgain = retryingImport(load);
    await expect(loadAgain()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(await loadAgain()).toEqual({ value: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches again, alongside the code, a stylesheet that failed to load before', async () => {
    const stopWatching = watchFailedStylesheets();
    const failed = document.createElement('link');
    failed.rel = 'stylesheet';
    failed.href = '/assets/page.css';
    document.head.append(failed);
    failed.dispatchEvent(new Event('error'));

    const loading = retryingImport(() => Promise.resolve('code'))();
    const fresh = document.head.querySelector<HTMLLinkElement>('link[href="/assets/page.css"]');
    expect(fresh).not.toBe(failed);
    expect(failed.isConnected).toBe(false);
    fresh?.dispatchEvent(new Event('load'));
    expect(await loading).toBe('code');
    fresh?.remove();
    stopWatching();
  });
});

describe('lazyWithRetry', () => {
  it('keeps its error until asked to retry, then loads its code afresh and renders', async () => {
    // React logs the error the boundary caught.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Page>>();
    load.mockRejectedValueOnce(offline()).mockResolvedValueOnce(Page);
    const LazyPage = lazyWithRetry(load);

    const { rerender } = render(renderLazy(LazyPage, 1));
    await screen.findByRole('alert');
    // Rendered again before a retry is asked for, it neither fetches again nor loops.
    rerender(renderLazy(LazyPage, 2));
    await screen.findByRole('alert');
    expect(load).toHaveBeenCalledOnce();

    retryFailedLoads();
    rerender(renderLazy(LazyPage, 3));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('PartLoadBoundary', () => {
  function renderPart(
    LazyPart: ReturnType<typeof lazyWithRetry<{ text: string }>>,
    props: Partial<ComponentProps<typeof PartLoadBoundary>> = {},
  ) {
    return render(
      <ShowError>
        <h1>The page</h1>
        <PartLoadBoundary name="The address list" testId="part-failed" {...props}>
          <Suspense fallback={<p>loading</p>}>
            <LazyPart text="the part" />
          </Suspense>
        </PartLoadBoundary>
      </ShowError>,
    );
  }

  it('says where the part sits that its code could not be loaded, keeps the page, and Try again loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Page>>();
    load.mockRejectedValueOnce(offline()).mockResolvedValueOnce(Page);
    renderPart(lazyWithRetry(load));

    const failed = await screen.findByTestId('part-failed');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toContain('The address list could not be loaded. Check your connection');
    expect(screen.getByText('The page')).toBeTruthy();

    fireEvent.click(screen.getByTestId('part-failed-retry'));
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(screen.queryByTestId('part-failed')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a stand-in in the part’s place that can fetch it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Page>>();
    load.mockRejectedValueOnce(offline()).mockResolvedValueOnce(Page);
    renderPart(lazyWithRetry(load), {
      standIn: (retry) => (
        <button type="button" onClick={retry}>
          Deliver to 1 Macquarie St
        </button>
      ),
    });

    fireEvent.click(await screen.findByText('Deliver to 1 Macquarie St'));
    expect(await screen.findByText('the part')).toBeTruthy();
  });

  it('fetches the part again by itself when the browser is back online, when asked to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Page>>();
    load.mockRejectedValueOnce(offline()).mockResolvedValueOnce(Page);
    renderPart(lazyWithRetry(load), { isRetriedWhenOnline: true });

    await screen.findByTestId('part-failed');
    // Its `online` listener comes from an effect that may run a moment after the notice shows: said until heard.
    await waitFor(() => {
      // Only while the notice is up: heard once, the part is fetched again and the notice goes.
      if (screen.queryByTestId('part-failed'))
        act(() => {
          window.dispatchEvent(new Event('online'));
        });
      expect(screen.getByText('the part')).toBeTruthy();
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves any other error to the page’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyWithRetry<{ text: string }>(() =>
      Promise.resolve(() => {
        throw new Error('a bug');
      }),
    );
    renderPart(Broken);

    await screen.findByText('could not load');
    expect(screen.queryByTestId('part-failed')).toBeNull();
  });
});
