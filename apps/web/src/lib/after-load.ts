/**
 * Runs `run` once the page has loaded, `settleMs` have passed and the browser is idle, so work nobody is waiting
 * for never competes with the page's first paint and first data. Answers a function that cancels it.
 */
export function afterLoadIdle(run: () => void, settleMs = 0): () => void {
  let isCancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const go = () => {
    if (!isCancelled) run();
  };
  const whenLoaded = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(go, { timeout: 5000 });
      else go();
    }, settleMs);
  };
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });
  return () => {
    isCancelled = true;
    clearTimeout(timer);
    if (idle !== undefined && 'cancelIdleCallback' in window) window.cancelIdleCallback(idle);
    window.removeEventListener('load', whenLoaded);
  };
}
