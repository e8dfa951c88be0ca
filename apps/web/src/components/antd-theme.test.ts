import { describe, expect, it } from 'vitest';
import { browserTextScale, theme, themeFor } from './antd-theme';

function luminance(hex: string): number {
  const n = Number.parseInt(/^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? 'x', 16);
  if (Number.isNaN(n)) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
}

describe('the Ant Design theme', () => {
  it('puts a success message on a pale tint, as the error, warning and info ones are (not a grey-green)', () => {
    // Ant Design works the tint out from colorSuccess; from the dark green the store needs for text, it came out
    // as #adb8a5, a muddy grey-green behind the voucher's new balance.
    const background = theme.token?.colorSuccessBg ?? '';
    expect(luminance(background)).toBeGreaterThan(0.85);
    expect(luminance(theme.token?.colorSuccessBorder ?? '')).toBeGreaterThan(0.5);
  });
});

describe("Ant Design's sizes and the browser's text size", () => {
  it('reads how much larger than the default 16 px the browser sets its text', () => {
    const root = document.createElement('div');
    root.style.fontSize = '24px';
    document.body.append(root);
    expect(browserTextScale(root)).toBe(1.5);
    root.remove();
    expect(browserTextScale(undefined)).toBe(1);
  });

  it('scales the text and the controls with it; at the default text size they are Ant Design’s own', () => {
    expect(themeFor(1).token).toMatchObject({ fontSize: 14, controlHeight: 32 });
    expect(themeFor(2).token).toMatchObject({ fontSize: 28, controlHeight: 64 });
    // Only the sizes: the colours stay the store's.
    expect({ ...themeFor(2).token, fontSize: 14, controlHeight: 32 }).toEqual(themeFor(1).token);
    expect(theme.token?.colorPrimary).toBe(themeFor(2).token?.colorPrimary);
  });
});
