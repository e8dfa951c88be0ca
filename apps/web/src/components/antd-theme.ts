import type { ThemeConfig } from 'antd';
// Zero-runtime mode: no CSS-in-JS work as components render; the static stylesheet is trimmed and put in a
// cascade layer at build time (apps/web/antd-css.ts). The shell's own colours are in app/global.css.
import 'antd/dist/antd.css';

export const PRIMARY_COLOUR = '#d6204e';
export const ERROR_COLOUR = '#cf1322';
/** The keyboard's focus ring: `--focus-colour` in app/global.css, the one place its colour is set. */
export const FOCUS_COLOUR = 'var(--focus-colour)';
/** A field's focus ring, clear of its border by a white line: a red border in error still reads as red. */
export const FIELD_FOCUS_SHADOW = `0 0 0 1px #fff, 0 0 0 3px ${FOCUS_COLOUR}`;

/** Every browser's text size unless its user chose another ("Large", "Very large"): what the store's rem are of. */
const DEFAULT_ROOT_PX = 16;

/**
 * How much larger than the default the browser sets its text: the root's font size over 16 px, read once as the page
 * loads (1 where there is no page, or it cannot be read).
 */
export function browserTextScale(root: Element | undefined = globalThis.document?.documentElement): number {
  const px = root ? Number.parseFloat(getComputedStyle(root).fontSize) : Number.NaN;
  return Number.isFinite(px) && px > 0 ? px / DEFAULT_ROOT_PX : 1;
}

/**
 * The store's Ant Design theme for a browser whose text is `scale` times the default. The store's own styles size
 * text in rem, so it follows the browser's text size; Ant Design sizes its text and controls in px from the theme,
 * so its seeds are scaled to match: the text (headings, small and large text, line heights follow it) and the
 * control height (buttons, fields and selects grow to hold the larger text).
 */
export function themeFor(scale: number): ThemeConfig {
  return {
    ...baseTheme,
    token: { ...baseTheme.token, fontSize: Math.round(14 * scale), controlHeight: Math.round(32 * scale) },
  };
}

const baseTheme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    // Ant Design draws every focus ring (buttons, radios, checkboxes, the delivery days) in this colour, a pale tint
    // by default: about 2:1 on white, under the 3:1 a focus indicator needs (WCAG 1.4.11). It colours no border here.
    colorPrimaryBorder: FOCUS_COLOUR,
    // Secondary text and error text at 4.5:1 or better on white (WCAG AA); antd's defaults are about 3.3:1.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorError: ERROR_COLOUR,
    colorSuccess: '#237804',
    // Ant Design's tint of that dark green is a muddy #adb8a5: its own pale green-1 and green-3 instead.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningText: '#ad4e00',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // A focused field's ring, in error too (its border stays red there): which field has the focus, and not an error.
    Input: {
      activeBorderColor: FOCUS_COLOUR,
      activeShadow: FIELD_FOCUS_SHADOW,
      errorActiveShadow: FIELD_FOCUS_SHADOW,
    },
    Select: { activeBorderColor: FOCUS_COLOUR, activeOutlineColor: FOCUS_COLOUR },
  },
};

export const theme: ThemeConfig = themeFor(browserTextScale());

/**
 * Toasts (spec section 9): at most 3 at once, 3 seconds each, 300 px from the top; on a screen under 600 px tall (a
 * phone held sideways, a desktop zoomed in) half way down, or they showed under its bottom bar or below the screen.
 */
export const toastConfig = { top: 'min(300px, 50vh)', duration: 3, maxCount: 3 } as const;
