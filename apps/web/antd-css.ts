import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * Ant Design components the store does not use, directly or through another component. Their rules are left out
 * of the zero-runtime stylesheet; a component added to the store must come off this list.
 */
const UNUSED_COMPONENTS = [
  'anchor',
  'avatar',
  'calendar',
  'carousel',
  'cascader',
  'collapse',
  'color-picker',
  'drawer',
  'float-btn',
  'image',
  'masonry',
  'mentions',
  'picker',
  'progress',
  'qrcode',
  'rate',
  'segmented',
  'slider',
  'splitter',
  'switch',
  'table',
  'timeline',
  'tour',
  'transfer',
  'tree',
  'upload',
];
const UNUSED = new RegExp(`\\.ant-(${UNUSED_COMPONENTS.join('|')})(?![a-z0-9])`);
const STYLESHEET = /[\\/]antd[\\/]dist[\\/]antd\.css$/;

/** Splits a stylesheet into its top-level rules and at-rules, keeping each whole. */
export function splitTopLevel(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        blocks.push(css.slice(start, i + 1));
        start = i + 1;
      }
    }
  }
  return blocks;
}

/** Keeps the at-rules (keyframes, media queries) whole, and the rules of components the store uses. */
export function trimAntdStylesheet(css: string): string {
  return splitTopLevel(css)
    .filter((block) => block.trimStart().startsWith('@') || !UNUSED.test(block.slice(0, block.indexOf('{'))))
    .join('');
}

/**
 * Ant Design's zero-runtime stylesheet, less the components the store never shows, inside a cascade layer so the
 * store's own rules win over it as they did over its runtime styles.
 */
export function antdStylesheet(): Plugin {
  return {
    name: 'storefront:antd-stylesheet',
    enforce: 'pre',
    async load(id) {
      if (!STYLESHEET.test(id.split('?')[0] ?? '')) return null;
      const css = await readFile(id.split('?')[0] ?? id, 'utf8');
      return `@layer antd{${trimAntdStylesheet(css)}}`;
    },
  };
}
