import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useWhenBackOnline } from '../lib/use-when-back-online';

const failedStylesheets = new Set<HTMLLinkElement>();

/**
 * Notes every stylesheet that fails to load. Vite adds a lazily loaded chunk's stylesheet as a <link> once and never
 * again, even after it failed, so the chunk's next load fetches it itself (`withFailedStylesheets`). Answers a
 * function that stops watching.
 */
export function watchFailedStylesheets(): () => void {
  const onError = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') failedStylesheets.add(target);
  };
  // Capturing: a load error does not bubble.
  document.addEventListener('error', onError, true);
  return () => document.removeEventListener('error', onError, true);
}

/** Puts a fresh copy of a failed stylesheet in its place; settles when it has loaded or failed again. */
function reloadStylesheet(failed: HTMLLinkElement): Promise<void> {
  return new Promise((resolve, reject) => {
    const fresh = document.createElement('link');
    for (const { name, value } of failed.attributes) fresh.setAttribute(name, value);
    fresh.addEventListener('load', () => resolve(), { once: true });
    fresh.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${fresh.href}`)), {
      once: true,
    });
    failed.replaceWith(fresh);
  });
}

/** Loads a chunk, fetching again alongside it the stylesheets that failed to load before. */
function withFailedStylesheets<M>(load: () => Promise<M>): Promise<M> {
  const stylesheets = [...failedStylesheets].map(reloadStylesheet);
  failedStylesheets.clear();
  return Promise.all([load(), ...stylesheets]).then(([module]) => module);
}

/**
 * Shares one dynamic import between its callers while it loads and once it has loaded; a load that failed (the
 * connection dropped) is forgotten, so the next caller fetches the code again.
 */
export function retryingImport<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () => {
    loading ??= withFailedStylesheets(load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

const failedLoads = new Set<() => void>();
/** The errors `lazyWithRetry` components threw because their code could not be fetched. */
const loadErrors = new WeakSet<object>();

/**
 * React.lazy keeps a failed load for good: once its code could not be fetched, the component throws the same error
 * on every render. This one throws it until `retryFailedLoads()` is called (by whatever shows the error), and then
 * loads its code afresh the next time it renders.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const makeLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      withFailedStylesheets(load).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          // Not renewed at once: React renders a component again as soon as its load settles, and a fresh lazy
          // there would fetch again and again without the error ever reaching the screen.
          failedLoads.add(renew);
          if (typeof error === 'object' && error !== null) loadErrors.add(error);
          throw error;
        },
      ),
    );
  let current = makeLazy();
  const renew = () => {
    current = makeLazy();
  };
  function LazyWithRetry(props: P) {
    const Component = current;
    return <Component {...props} />;
  }
  return LazyWithRetry;
}

/** Lets every component made by `lazyWithRetry` whose code failed to load fetch it again when it next renders. */
export function retryFailedLoads(): void {
  for (const renew of failedLoads) renew();
  failedLoads.clear();
}

type PartLoadBoundaryProps = {
  /** The part, as the customer would name it: "The address list". */
  name: string;
  testId: string;
  /** What stays in the part's place while it cannot load, given how to fetch it again (a click on it, say). */
  standIn?: (retry: () => void) => ReactNode;
  /** Fetches the part again by itself when the browser is back online: only for a part that takes no focus. */
  isRetriedWhenOnline?: boolean;
  children: ReactNode;
};

/**
 * Around a part of a page made with `lazyWithRetry` (inside its own Suspense): when the part's code could not be
 * fetched, says so where the part sits, with Try again, and the rest of the page stays. Any other error goes on up
 * to the page's error.
 */
export class PartLoadBoundary extends Component<
  PartLoadBoundaryProps,
  { error: unknown; hasFailed: boolean }
> {
  override state = { error: null as unknown, hasFailed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasFailed: true };
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.setState({ error: null, hasFailed: false });
  };

  override render() {
    const { error, hasFailed } = this.state;
    if (!hasFailed) return this.props.children;
    if (typeof error !== 'object' || error === null || !loadErrors.has(error)) throw error;
    const { name, testId, standIn, isRetriedWhenOnline = false } = this.props;
    return (
      <>
        {standIn?.(this.retry)}
        <PartLoadFailed
          name={name}
          testId={testId}
          onRetry={this.retry}
          isRetriedWhenOnline={isRetriedWhenOnline}
        />
      </>
    );
  }
}

function PartLoadFailed({
  name,
  testId,
  onRetry,
  isRetriedWhenOnline,
}: {
  name: string;
  testId: string;
  onRetry: () => void;
  isRetriedWhenOnline: boolean;
}) {
  useWhenBackOnline(isRetriedWhenOnline, onRetry);
  return (
    <div className="notice notice--info notice--after" role="alert" data-testid={testId}>
      {name} could not be loaded. Check your connection and try again.{' '}
      <button
        type="button"
        className="shell-button shell-button--small"
        onClick={onRetry}
        data-testid={`${testId}-retry`}
      >
        Try again
      </button>
    </div>
  );
}
