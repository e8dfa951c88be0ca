import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_COLOUR, FOCUS_COLOUR, theme } from '../components/antd-theme';

// Read from the disk: the test run turns an imported stylesheet, `?raw` too, into an empty string.
const SRC = join(import.meta.dirname, '..');
/** The store's own stylesheets, keyed by their path from `src`. */
const stylesheets = Object.fromEntries(
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => [file, readFileSync(join(SRC, file), 'utf8')]),
);
const globalCss = stylesheets['app/global.css'] ?? '';

function declared(property: string): string | undefined {
  return new RegExp(`${property}:\\s*([^;]+);`).exec(globalCss)?.[1]?.trim();
}

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(/^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? 'x', 16);
  if (Number.isNaN(n)) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hueOf(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (span === 0) return 0;
  const hue = max === r ? (g - b) / span : max === g ? (b - r) / span + 2 : (r - g) / span + 4;
  return (hue * 60 + 360) % 360;
}

function contrast(a: string, b: string): number {
  const luminance = (hex: string) =>
    rgbOf(hex)
      .map((c) => c / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the keyboard focus colour', () => {
  const focus = declared('--focus-colour') ?? '';
  const fieldInError = /\.form-input\[aria-invalid='true'\][^{]*\{\s*border-color:\s*([^;]+);/.exec(
    globalCss,
  )?.[1];

  it('is not a red a customer could take for an error', () => {
    for (const error of [ERROR_COLOUR, fieldInError ?? '']) {
      const apart = Math.abs(hueOf(focus) - hueOf(error));
      expect(
        Math.min(apart, 360 - apart),
        `${focus} against the error colour ${error}`,
      ).toBeGreaterThanOrEqual(60);
    }
  });

  it('stands out 3:1 from the page and from white panels (WCAG 1.4.11)', () => {
    const page = /body\s*\{[^}]*background:\s*(#[0-9a-f]{6})/i.exec(globalCss)?.[1] ?? '';
    for (const background of ['#ffffff', page]) {
      expect(contrast(focus, background), `${focus} on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('is set once, and every focus ring, the store’s and Ant Design’s, takes it from there', () => {
    expect(theme.token?.colorPrimaryBorder).toBe(FOCUS_COLOUR);
    expect(FOCUS_COLOUR).toBe('var(--focus-colour)');
    const { Input, Select } = theme.components ?? {};
    for (const token of [Input?.activeShadow, Input?.errorActiveShadow, Select?.activeOutlineColor]) {
      expect(token).toContain(FOCUS_COLOUR);
    }
    for (const [file, css] of Object.entries(stylesheets)) {
      for (const [, selector = '', body = ''] of css.matchAll(/([^{}]*:focus[^{}]*)\{([^}]*)\}/g)) {
        // White aside: the line between a field's border and its ring.
        const colours = (body.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi) ?? []).filter(
          (c) => !/^#fff(fff)?$/i.test(c),
        );
        expect(colours, `${file}: ${selector.trim()}`).toEqual([]);
      }
    }
  });
});
