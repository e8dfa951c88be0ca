import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOUR = '#eb2f5b';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 16px', footerBg: '#fafafa', bodyBg: '#f6f6f7' },
  },
};

/** Toasts: at most 3 at once, 3 seconds each, 300 px from the top (spec section 9). */
export const toastConfig = { top: 300, duration: 3, maxCount: 3 } as const;
