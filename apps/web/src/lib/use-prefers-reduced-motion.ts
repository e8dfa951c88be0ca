import { useMediaQuery } from './use-media-query';

/** Whether the visitor's system asks for reduced motion; follows the setting when it changes. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
