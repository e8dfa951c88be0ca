import { useEffect } from 'react';
import { STORE_NAME } from './store-name';

/** Sets the tab's title for as long as the page is shown; null leaves it to a page inside this one. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = `${title} · ${STORE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
