import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default, which a loaded two-core machine can exceed.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no matchMedia; Ant Design's grid and layout ask it for the screen size. Nothing matches: a wide screen.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom has no ResizeObserver; Ant Design's pop-ups and overflowing menus watch their size with one.
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
