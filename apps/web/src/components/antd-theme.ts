import type { ThemeConfig } from 'antd';
// Zero-runtime mode: no CSS-in-JS work as components render; the static stylesheet is trimmed and put in a
// cascade layer at build time (apps/web/antd-css.ts). The shell's own colours are in app/global.css.
import 'antd/dist/antd.css';

export const PRIMARY_COLOUR = '#eb2f5b';

export const theme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

/** Toasts: at most 3 at once, 3 seconds each, 300 px from the top (spec section 9). */
export const toastConfig = { top: 300, duration: 3, maxCount: 3 } as const;
