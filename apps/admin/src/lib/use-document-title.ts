import { useEffect } from 'react';

export const APP_TITLE = 'Back office · Harbour Grocer';

/** Sets the tab's title for as long as the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${APP_TITLE}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
