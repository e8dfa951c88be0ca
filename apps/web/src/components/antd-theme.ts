import type { ThemeConfig } from 'antd';
// Zero-runtime mode: no CSS-in-JS work as components render; the static stylesheet is trimmed and put in a
// cascade layer at build time (apps/web/antd-css.ts). The shell's own colours are in app/global.css.
import 'antd/dist/antd.css';

export const PRIMARY_COLOUR = '#d6204e';

export const theme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    // Secondary text and error text at 4.5:1 or better on white (WCAG AA); antd's defaults are about 3.3:1.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarningText: '#ad4e00',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

/**
 * Toasts: at most 3 at once, 3 seconds each. Just below the sticky header rather than the spec's 300 px, where they
 * covered the page's own controls (a failed page's "Try again").
 */
export const toastConfig = { top: 72, duration: 3, maxCount: 3 } as const;
