import type { ConfigProviderProps } from 'antd';
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion';
import { theme } from './antd-theme';

type AntdConfig = Required<Pick<ConfigProviderProps, 'theme' | 'wave'>>;

// Its own theme whatever the providers above it hold (`antd-provider.tsx` puts one there).
const WITH_MOTION: AntdConfig = { theme: { ...theme, inherit: false }, wave: { disabled: false } };

// `motion: false` is Ant Design's documented switch: no opening or closing motion for pop-ups, lists, modals and
// toasts, and 0 s for its transitions. The ripple a click sends round a button is drawn in a React root of its own,
// out of the theme's reach, so it is turned off by itself.
const WITHOUT_MOTION: AntdConfig = {
  theme: { ...theme, inherit: false, token: { ...theme.token, motion: false } },
  wave: { disabled: true },
};

/** Ant Design's theme for this visitor: without motion when their system asks for reduced motion. */
export function useAntdConfig(): AntdConfig {
  return usePrefersReducedMotion() ? WITHOUT_MOTION : WITH_MOTION;
}
