import { useEffect } from 'react';

const SITE_NAME = 'Harbour Grocer';

/** Sets the tab's title for as long as the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
