import { NEWSLETTER_OFFER } from '@storefront/contract/limits';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { retryingImport } from '../../../components/lazy-with-retry';
import { afterLoadIdle } from '../../../lib/after-load';
import { useWhenBackOnline } from '../../../lib/use-when-back-online';
import type { FooterSubscribeProps } from './footer-subscribe';

const loadFooterSubscribe = retryingImport(() => import('./footer-subscribe'));
/** As the debug console's (app/debug-console.ts): after the page's first data and render. */
const SETTLE_MS = 5000;

/**
 * The footer's newsletter form, below the fold on every page: its code loads when the visitor scrolls near it, or a few
 * seconds after the page has loaded (loaded as soon as the page was idle, it came in the middle of the shop's first
 * render). Until then the offer is shown in the form's room (a row as tall as the form's), so nothing moves when it
 * arrives; offline, it is fetched when the connection is back.
 */
export function FooterSubscribeOnDemand(props: FooterSubscribeProps) {
  const [Form, setForm] = useState<ComponentType<FooterSubscribeProps> | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const room = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    loadFooterSubscribe().then(
      (module) => setForm(() => module.FooterSubscribe),
      () => setHasFailed(true),
    );
  }, []);
  useWhenBackOnline(hasFailed, load);

  useEffect(() => {
    const cancelIdle = afterLoadIdle(load, SETTLE_MS);
    const element = room.current;
    if (!element || !('IntersectionObserver' in window)) return cancelIdle;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelIdle();
      observer.disconnect();
    };
  }, [load]);

  if (Form) return <Form {...props} />;
  return (
    <div className="footer-subscribe" ref={room} data-testid="footer-subscribe-loading">
      <strong className="footer-subscribe__title">{NEWSLETTER_OFFER.title}</strong>
      <p className="footer-subscribe__lead">{NEWSLETTER_OFFER.description}</p>
      <div className="footer-subscribe__done" />
    </div>
  );
}
