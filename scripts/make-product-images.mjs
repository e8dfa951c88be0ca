// Writes one small SVG tile per demo product to apps/web/public/products/. Run: npx tsx scripts/make-product-images.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoProducts, productSlug } from '../apps/api/src/db/seed/products.ts';

const outDir = fileURLToPath(new URL('../apps/web/public/products/', import.meta.url));

const STYLES = {
  'fruit-veg': { bg: '#e8f5e0', fg: '#4c9a2a', shape: 'circle' },
  dairy: { bg: '#eef4fb', fg: '#5b8dc9', shape: 'bottle' },
  bakery: { bg: '#fbf1e3', fg: '#c48a3f', shape: 'loaf' },
  pantry: { bg: '#fdf6dc', fg: '#b8902a', shape: 'jar' },
  drinks: { bg: '#e5f6f7', fg: '#2a9aa0', shape: 'bottle' },
  frozen: { bg: '#eaf0fb', fg: '#6a88c8', shape: 'snow' },
  snacks: { bg: '#fdeee8', fg: '#d9603b', shape: 'bag' },
  mooncakes: { bg: '#fbe9ec', fg: '#c2334d', shape: 'mooncake' },
};

const SHAPES = {
  circle: (c) =>
    `<circle cx="120" cy="92" r="50" fill="${c}"/><path d="M120 42c6-14 18-20 28-18-4 10-14 18-28 18z" fill="#6fbf4a"/>`,
  bottle: (c) =>
    `<rect x="98" y="40" width="44" height="100" rx="12" fill="${c}"/><rect x="108" y="26" width="24" height="18" rx="4" fill="${c}"/>`,
  loaf: (c) =>
    `<path d="M62 130V92c0-30 26-46 58-46s58 16 58 46v38z" fill="${c}"/><path d="M95 70l10 20M120 64l0 24M145 70l-10 20" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
  jar: (c) =>
    `<rect x="80" y="54" width="80" height="86" rx="14" fill="${c}"/><rect x="86" y="40" width="68" height="18" rx="5" fill="${c}" opacity=".7"/>`,
  snow: (c) =>
    `<g stroke="${c}" stroke-width="9" stroke-linecap="round"><path d="M120 40v104M75 66l90 52M75 118l90-52"/></g>`,
  bag: (c) =>
    `<path d="M78 44h84l-8 96H86z" fill="${c}"/><path d="M78 44l6-10h72l6 10" fill="${c}" opacity=".7"/>`,
  mooncake: (c) =>
    `<circle cx="120" cy="92" r="52" fill="${c}"/><circle cx="120" cy="92" r="36" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="8 6"/><circle cx="120" cy="92" r="12" fill="#fff" opacity=".8"/>`,
};

function escapeXml(s) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Greedy word wrap to at most three lines of about 20 characters. */
function wrap(text, width = 20) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length > 3
    ? [
        ...lines.slice(0, 2),
        `${lines
          .slice(2)
          .join(' ')
          .slice(0, width - 1)}…`,
      ]
    : lines;
}

function tile(product) {
  const style = STYLES[product.category] ?? STYLES.pantry;
  const lines = wrap(product.name);
  const text = lines.map((l, i) => `<tspan x="120" y="${178 + i * 20}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${escapeXml(product.name)}">
<rect width="240" height="240" rx="20" fill="${style.bg}"/>
${SHAPES[style.shape](style.fg)}
<text font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="16" font-weight="600" fill="#333" text-anchor="middle">${text}</text>
</svg>
`;
}

await mkdir(outDir, { recursive: true });
for (const product of demoProducts) {
  await writeFile(path.join(outDir, `${productSlug(product.name)}.svg`), tile(product));
}
console.log(`wrote ${demoProducts.length} product images to ${outDir}`);
