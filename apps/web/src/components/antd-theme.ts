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
    // Ant Design draws every focus ring (buttons, radios, checkboxes, the delivery days) in this colour, a pale tint
    // by default: about 2:1 on white, under the 3:1 a focus indicator needs (WCAG 1.4.11). It colours no border here.
    colorPrimaryBorder: PRIMARY_COLOUR,
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
 * Toasts (spec section 9): at most 3 at once, 3 seconds each, 300 px from the top; on a screen under 600 px tall (a
 * phone held sideways, a desktop zoomed in) half way down, or they showed under its bottom bar or below the screen.
 */
export const toastConfig = { top: 'min(300px, 50vh)', duration: 3, maxCount: 3 } as const;
