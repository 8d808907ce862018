#!/usr/bin/env node
/**
 * Draws one SVG swatch per catalogue fabric into web/public/static/fabrics/, from the fabric's
 * colour (the fill) and type (the weave drawn over it). Run after adding fabrics to the seed;
 * the output is committed, so the build does not depend on this script.
 */
import console from 'node:console';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const fabrics = JSON.parse(readFileSync(path.join(here, '../../domain/src/catalogue/seed/fabrics.json'), 'utf8'));
const out = path.join(here, '../public/static/fabrics');

/** Colour names used in the catalogue; an unknown name falls back to a neutral linen. */
const COLOURS = {
  natural: '#d8cbb3', indigo: '#2f3f6b', emerald: '#1f6b4f', blush: '#e3b3b0', oatmeal: '#cdbd9f',
  charcoal: '#3d3d40', navy: '#1f2c4c', sand: '#d9c49a', black: '#222222', multi: '#c9705a',
  ivory: '#f1ead9', cognac: '#9a4f23', tan: '#c08a57',
};

/** The weave of each fabric type, drawn in a lighter or darker line over the colour. */
const WEAVES = {
  Linen: (ink) => lines(10, (i) => `M0 ${i * 12 + 3} H120`, ink, 1) + lines(10, (i) => `M${i * 12 + 6} 0 V120`, ink, 0.6),
  Velvet: () => `<rect width="120" height="120" fill="url(#sheen)"/>`,
  Performance: (ink) => lines(20, (i) => `M0 ${i * 6} L${i * 6} 0`, ink, 0.8),
  Outdoor: (ink) => lines(6, (i) => `M${i * 20 + 4} 0 V120`, ink, 6),
  Cotton: (ink) => lines(5, (i) => `M0 ${i * 24 + 12} q15 -10 30 0 t30 0 t30 0 t30 0`, ink, 3),
  Boucle: (ink) => Array.from({ length: 36 }, (_, i) => `<circle cx="${(i % 6) * 20 + 10 + ((i / 6) % 2 ? 5 : 0)}" cy="${Math.floor(i / 6) * 20 + 10}" r="5" fill="none" stroke="${ink}" stroke-width="1.5"/>`).join(''),
  Leather: (ink) => `<path d="M10 20 q20 10 40 -4 M60 70 q20 -12 44 6 M14 96 q18 8 32 -6" fill="none" stroke="${ink}" stroke-width="1"/>`,
};

function lines(count, d, ink, width) {
  return Array.from({ length: count }, (_, i) => `<path d="${d(i)}" stroke="${ink}" stroke-width="${width}" fill="none"/>`).join('');
}

function isDark(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

function swatch(fabric) {
  const fill = COLOURS[fabric.color.toLowerCase()] ?? COLOURS.natural;
  const ink = isDark(fill) ? 'rgba(255,255,255,0.22)' : 'rgba(0,0,0,0.16)';
  const weave = (WEAVES[fabric.fabric_type] ?? WEAVES.Linen)(ink);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-labelledby="t">
<title id="t">${fabric.name} swatch</title>
<defs><linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient></defs>
<rect width="120" height="120" fill="${fill}"/>
${weave}
</svg>
`;
}

mkdirSync(out, { recursive: true });
for (const fabric of fabrics) writeFileSync(path.join(out, `${fabric.id.toLowerCase()}.svg`), swatch(fabric));
console.log(`${fabrics.length} swatches in ${path.relative(process.cwd(), out)}`);
