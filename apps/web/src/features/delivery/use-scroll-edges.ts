import { useLayoutEffect, useState } from 'react';

export type ScrollEdges = { isMoreBefore: boolean; isMoreAfter: boolean };

const NONE: ScrollEdges = { isMoreBefore: false, isMoreAfter: false };
/** Sub-pixel scroll positions (a zoomed page) must not read as one more pixel to see. */
const SLACK_PX = 1;

/**
 * Whether a row that scrolls sideways has more to see before and after what shows: measured before the first paint
 * and again as it scrolls, as it or its items change size (a turned phone, a larger text size) and as its items
 * change. Answers the ref to put on the row.
 */
export function useScrollEdges(): [(node: HTMLElement | null) => void, ScrollEdges] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [edges, setEdges] = useState<ScrollEdges>(NONE);

  useLayoutEffect(() => {
    if (!node) return;
    const measure = () => {
      const isMoreBefore = node.scrollLeft > SLACK_PX;
      const isMoreAfter = node.scrollLeft + node.clientWidth < node.scrollWidth - SLACK_PX;
      setEdges((was) =>
        was.isMoreBefore === isMoreBefore && was.isMoreAfter === isMoreAfter
          ? was
          : { isMoreBefore, isMoreAfter },
      );
    };
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const observeSizes = () => {
      resizes?.disconnect();
      resizes?.observe(node);
      for (const item of Array.from(node.children)) resizes?.observe(item);
    };
    const items = new MutationObserver(() => {
      observeSizes();
      measure();
    });
    measure();
    observeSizes();
    items.observe(node, { childList: true });
    node.addEventListener('scroll', measure, { passive: true });
    return () => {
      node.removeEventListener('scroll', measure);
      items.disconnect();
      resizes?.disconnect();
    };
  }, [node]);

  return [setNode, edges];
}
