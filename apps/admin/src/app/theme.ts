import type { ThemeConfig } from 'antd';

/** The store's colours (apps/web's theme), with text and focus colours at WCAG AA contrast on white. */
export const PRIMARY_COLOUR = '#d6204e';
const FOCUS_COLOUR = '#0958d9';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    // Hovered links and buttons darken rather than pale (Ant Design's default tint is under 4.5:1 with its text).
    colorLinkHover: '#a3163a',
    colorLinkActive: '#8a1231',
    colorPrimaryHover: '#b81c43',
    colorPrimaryActive: '#a3163a',
    // Ant Design draws focus rings in this colour, a pale tint by default (about 2:1 on white, under 3:1).
    colorPrimaryBorder: FOCUS_COLOUR,
    // Secondary text, placeholders and error text at 4.5:1 or better on white; antd's defaults are about 3.3:1.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningText: '#ad4e00',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Input: { activeBorderColor: FOCUS_COLOUR },
    Select: { activeBorderColor: FOCUS_COLOUR, activeOutlineColor: FOCUS_COLOUR },
  },
};
