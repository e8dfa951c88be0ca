import type { ReactNode } from 'react';

const PLAIN = { margin: 0, font: 'inherit' } as const;

/**
 * A card's title as the section heading it is (under the page's `h1`), looking as Ant Design draws a card's title:
 * screen readers list the page's parts and jump between them.
 */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h2 style={PLAIN}>{children}</h2>;
}
