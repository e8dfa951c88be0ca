// Writes one drawing per demo product to apps/web/public/products/: recognisably the thing, without its name
// (the card prints the name). Run: npx tsx scripts/make-product-images.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoProducts, productSlug } from '../apps/api/src/db/seed/products.ts';

const outDir = fileURLToPath(new URL('../apps/web/public/products/', import.meta.url));

const BACKGROUNDS = {
  'fruit-veg': '#e8f5e0',
  dairy: '#eef4fb',
  bakery: '#fbf1e3',
  pantry: '#fdf6dc',
  drinks: '#e5f6f7',
  frozen: '#eaf0fb',
  snacks: '#fdeee8',
  mooncakes: '#fbe9ec',
};

// Small drawing helpers on a 240 x 240 canvas.
const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
const rect = (x, y, w, h, rx, fill, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`;
const path_ = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const stroke = (d, colour, width) =>
  path_(d, 'none', `stroke="${colour}" stroke-width="${width}" stroke-linecap="round"`);
const label = (x, y, text, size = 16, fill = '#fff') =>
  `<text x="${x}" y="${y}" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle">${text}</text>`;
const leaf = (x, y) => path_(`M${x} ${y}c6-14 18-20 28-18-4 10-14 18-28 18z`, '#5aa83a');

const bottle = (body, cap, band) =>
  rect(96, 56, 48, 120, 14, body) + rect(108, 36, 24, 24, 5, cap) + rect(96, 100, 48, 34, 0, band);
const carton = (body, top, band) =>
  path_('M84 78l18-26h36l18 26v104H84z', body) +
  path_('M102 52h36l18 26H84z', top) +
  rect(84, 112, 72, 36, 0, band);
const bag = (body, band) => path_('M76 56h88l-8 124H84z', body) + rect(80, 104, 80, 34, 0, band);
const jar = (body, lid, content) =>
  rect(80, 74, 80, 104, 16, body) + rect(84, 56, 72, 22, 6, lid) + rect(88, 110, 64, 44, 6, content);
const tin = (body, band) =>
  rect(82, 60, 76, 116, 10, body) + ellipse(120, 60, 38, 9, '#c9c9c9') + rect(82, 96, 76, 44, 0, band);
const mooncake = (fill, pattern) =>
  circle(120, 116, 62, fill) +
  circle(120, 116, 44, 'none', `stroke="${pattern}" stroke-width="5" stroke-dasharray="9 6"`) +
  circle(120, 116, 14, pattern, 'opacity=".8"');

/** One drawing per demo SKU; a product without one stops the script rather than getting a stand-in. */
const DRAWINGS = {
  // Bananas: a yellow bunch of curves.
  'FV-001':
    path_('M60 92c20 70 100 86 130 40-30 20-90 14-116-46z', '#e8b820') +
    path_('M62 82c26 64 100 72 122 30-32 16-88 4-108-38z', '#f7d548') +
    rect(56, 76, 12, 16, 3, '#6b4f1d'),
  'FV-002':
    circle(96, 120, 40, '#e0455c') +
    circle(146, 124, 40, '#f06a7c') +
    leaf(96, 80) +
    rect(94, 72, 4, 14, 2, '#6b4f1d'),
  'FV-003':
    ellipse(120, 120, 48, 64, '#3f6b2a') +
    ellipse(120, 128, 36, 50, '#c6e07a') +
    circle(120, 140, 20, '#8a5a2b'),
  'FV-004':
    circle(90, 134, 34, '#e23b2e') +
    circle(150, 134, 34, '#e8503f') +
    circle(120, 100, 32, '#d8302a') +
    stroke('M90 64c10 10 50 10 60 0', '#3f8a2a', 6),
  'FV-005':
    path_('M120 190c-50-20-60-100-10-140 30 40 40 110 10 140z', '#3d8f3a') +
    path_('M120 190c40-30 70-90 40-130-40 30-50 90-40 130z', '#58ad47') +
    stroke('M120 190V80', '#a6d98f', 4),
  'FV-006':
    ellipse(92, 132, 36, 28, '#6d4aa0') +
    ellipse(148, 136, 38, 30, '#7b58b0') +
    ellipse(120, 106, 32, 24, '#8766bd') +
    circle(84, 128, 3, '#4b2f74') +
    circle(150, 132, 3, '#4b2f74'),
  'FV-007':
    ellipse(120, 124, 60, 46, '#f6a623', 'transform="rotate(-25 120 124)"') +
    ellipse(136, 108, 24, 18, '#e2574c', 'opacity=".7"') +
    leaf(150, 80),
  'DY-001': carton('#ffffff', '#3b73c4', '#3b73c4') + label(120, 137, '2L'),
  'DY-002':
    rect(70, 90, 100, 90, 16, '#ffffff') +
    rect(66, 78, 108, 20, 8, '#2b8bc6') +
    label(120, 144, 'GREEK', 18, '#2b8bc6'),
  'DY-003':
    path_('M56 150l64-70 64 70z', '#f6c445') +
    rect(56, 150, 128, 28, 2, '#e8b22f') +
    circle(104, 156, 6, '#d39b1b') +
    circle(140, 166, 5, '#d39b1b'),
  // Eggs sitting in an open carton.
  'DY-004':
    [72, 104, 136, 168]
      .map((x) => ellipse(x, 118, 14, 18, '#fff4e0', 'stroke="#e3d3b5" stroke-width="2"'))
      .join('') +
    rect(48, 126, 144, 46, 8, '#b6a58b') +
    [72, 104, 136, 168].map((x) => path_(`M${x - 16} 126q16 12 32 0`, '#a8967a')).join(''),
  'DY-005':
    rect(60, 100, 120, 60, 6, '#fff0a8') +
    rect(60, 100, 120, 22, 4, '#e3c84a') +
    label(120, 148, 'BUTTER', 16, '#8a6d0a'),
  'BK-001':
    ellipse(120, 126, 74, 46, '#b97a3a') + stroke('M84 118l18-14M112 110l22-4M146 112l20 8', '#f2d19b', 6),
  'BK-002':
    path_('M66 176V98c0-28 24-42 54-42s54 14 54 42v78z', '#9b6a3b') +
    path_('M80 176v-74c0-20 18-32 40-32s40 12 40 32v74z', '#e9d1a4'),
  'BK-003':
    path_('M44 134c20-50 132-50 152 0-20 20-132 20-152 0z', '#d99a3d') +
    stroke('M84 104l8 44M120 98v52M156 104l-8 44', '#a86a1f', 5),
  'BK-004':
    rect(70, 84, 100, 76, 10, '#7a4a2a') +
    rect(70, 84, 100, 76, 10, 'none', 'stroke="#f4f1ea" stroke-width="8" stroke-dasharray="3 5"') +
    rect(70, 116, 100, 8, 0, '#c2334d'),
  'BK-005': circle(120, 122, 58, '#c98a44') + stroke('M120 72v100M70 122h100', '#fbf1e3', 10),
  'PT-001': bag('#f3efe6', '#3c8d5a') + label(120, 128, 'RICE'),
  'PT-002': bottle('#7a8a1f', '#2f3b0a', '#e7e1b5') + label(120, 124, 'OIL', 14, '#4a5a0a'),
  'PT-003':
    path_('M96 60h48l-6 120h-36z', '#f2cf6b') +
    stroke('M106 62v116M116 62v116M126 62v116M136 62v116', '#d6ad3d', 3) +
    rect(94, 110, 52, 24, 4, '#2a5db0'),
  'PT-004': tin('#b8b8b8', '#d9342b') + circle(120, 118, 14, '#f25a4a') + leaf(118, 106),
  'PT-005': jar('#3a2a1a', '#f2c230', '#c8242b') + label(120, 140, 'V', 22, '#f2c230'),
  'PT-006': bottle('#3a1f12', '#c8242b', '#f4e6c8') + label(120, 124, 'SOY', 14, '#c8242b'),
  'PT-007': bag('#e6d2a8', '#5a3a1a') + ellipse(120, 160, 30, 8, '#f4e3bd') + label(120, 128, 'OATS'),
  'DR-001':
    bottle('#9fd8e6', '#1f6f8b', '#1f6f8b') +
    circle(112, 80, 4, '#fff') +
    circle(126, 90, 3, '#fff') +
    circle(118, 154, 4, '#fff'),
  'DR-002': carton('#f7a21b', '#f37a12', '#fff') + circle(120, 130, 14, '#f7a21b') + leaf(120, 118),
  'DR-003':
    bag('#4a2c1c', '#c7a27c') + ellipse(120, 121, 12, 8, '#4a2c1c') + stroke('M110 121h20', '#c7a27c', 2),
  // A cup of tea with its bag's tag over the rim.
  'DR-004':
    path_('M64 108h88v34c0 24-20 40-44 40s-44-16-44-40z', '#ffffff', 'stroke="#d0d0d0" stroke-width="2"') +
    stroke('M152 116c22 0 22 30 0 30', '#d0d0d0', 8) +
    ellipse(108, 112, 40, 6, '#a8642a') +
    stroke('M100 110V72', '#777', 2) +
    rect(90, 56, 20, 16, 2, '#c2334d'),
  'DR-005': tin('#2e6b4e', '#d4b15a') + path_('M102 118c10-20 30-20 36 0-10 14-26 14-36 0z', '#2e6b4e'),
  'FZ-001': bag('#2f8f3a', '#fff') + [98, 114, 130, 146].map((x) => circle(x, 121, 7, '#6fcf4f')).join(''),
  // Three pleated dumplings.
  'FZ-002':
    ellipse(120, 160, 86, 10, '#8a6a3a', 'opacity=".25"') +
    [84, 156]
      .map((x) => path_(`M${x - 34} 156c0-44 68-44 68 0z`, '#f5ecd8', 'stroke="#d9c79f" stroke-width="2"'))
      .join('') +
    path_('M86 136c0-48 68-48 68 0z', '#fbf4e4', 'stroke="#d9c79f" stroke-width="2"') +
    stroke('M100 112l6 10M114 104l3 12M126 104l-3 12M140 112l-6 10', '#d9c79f', 3),
  'FZ-003':
    rect(74, 88, 92, 92, 10, '#f7ecd2') +
    rect(70, 76, 100, 18, 6, '#6b4f8a') +
    circle(120, 78, 18, '#fff7e3') +
    path_('M112 62c0-12 16-12 16 0z', '#3a2a1a'),
  'FZ-004':
    path_('M44 120c30-36 110-36 140 0-30 36-110 36-140 0z', '#f4d9c6') +
    path_('M184 120l26-22v44z', '#f4d9c6') +
    stroke('M76 112c20 8 60 8 80 0', '#e6b79a', 4) +
    circle(64, 116, 4, '#5a3a2a'),
  'SN-001':
    path_('M74 50h92l-6 136H80z', '#2a6fb0') +
    path_('M74 50l8-12h76l8 12', '#1f5590') +
    ellipse(120, 122, 26, 20, '#f4d06f'),
  'SN-002':
    rect(56, 96, 128, 52, 8, '#3a1f12') +
    rect(56, 96, 128, 14, 6, '#c8242b') +
    label(120, 138, 'TIM TAM', 16, '#f4d06f'),
  'SN-003': [
    [88, 140],
    [120, 140],
    [152, 140],
    [104, 110],
    [136, 110],
  ]
    .map(([x, y]) => ellipse(x, y, 20, 17, '#e8cf9c', 'stroke="#c9a86a" stroke-width="3"'))
    .join(''),
  'SN-004': [0, 1, 2]
    .map((i) =>
      ellipse(120, 92 + i * 26, 52, 16, i % 2 ? '#f1e3c0' : '#e8d4a4', 'stroke="#c9a86a" stroke-width="2"'),
    )
    .join(''),
  'SN-005':
    rect(70, 86, 32, 32, 4, '#222') +
    rect(70, 96, 32, 10, 0, '#f6f0e0') +
    rect(112, 82, 36, 36, 4, '#f06aa0') +
    rect(120, 90, 20, 20, 2, '#222') +
    rect(90, 128, 32, 32, 4, '#f2c230') +
    rect(90, 138, 32, 10, 0, '#222') +
    circle(150, 144, 16, '#4a8fd8'),
  'MC-001': mooncake('#c4843a', '#f4d39a') + circle(120, 116, 8, '#f2b51c'),
  'MC-002': mooncake('#b06a32', '#7a2a1a'),
  'MC-003':
    circle(84, 90, 30, '#f7c6d0') +
    circle(156, 90, 30, '#c9e8c2') +
    circle(84, 152, 30, '#fbe7a9') +
    circle(156, 152, 30, '#d9d2f2'),
  'MC-004':
    mooncake('#a66a2c', '#f0d5a0') +
    [
      [100, 100],
      [140, 100],
      [120, 136],
    ]
      .map(([x, y]) => circle(x, y, 4, '#5a3a1a'))
      .join(''),
  'MC-005':
    rect(56, 76, 128, 100, 10, '#c2334d') +
    rect(56, 76, 128, 20, 6, '#9a1f36') +
    stroke('M120 76v100M56 126h128', '#f2c230', 8) +
    circle(120, 126, 14, '#f2c230'),
};

function escapeXml(s) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function tile(product) {
  const drawing = DRAWINGS[product.sku];
  if (!drawing) throw new Error(`no drawing for ${product.sku} (${product.name})`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${escapeXml(product.name)}">
<rect width="240" height="240" fill="${BACKGROUNDS[product.category] ?? '#f5f5f5'}"/>
${drawing}
</svg>
`;
}

await mkdir(outDir, { recursive: true });
for (const product of demoProducts) {
  await writeFile(path.join(outDir, `${productSlug(product.name)}.svg`), tile(product));
}
console.log(`wrote ${demoProducts.length} product images to ${outDir}`);
