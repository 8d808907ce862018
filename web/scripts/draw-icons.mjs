#!/usr/bin/env node
/**
 * Draws the app icons from web/public/icon.svg: PNGs at the sizes browsers and home screens ask
 * for, and /favicon.ico (one 32 px PNG inside an ICO header) for clients that ask for it without
 * reading the page. Headless Chromium renders the SVG, so no image library is needed. The output
 * is committed, so the build does not depend on this script; run it after redrawing the SVG.
 */
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, '../public');
const svg = readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');
const SIZES = { 'icon-192.png': 192, 'icon-512.png': 512, 'apple-touch-icon.png': 180 };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  const render = async (size) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  for (const [name, size] of Object.entries(SIZES)) writeFileSync(path.join(publicDir, name), await render(size));
  writeFileSync(path.join(publicDir, 'favicon.ico'), icoOf(await render(32), 32));
  console.log(`Drew ${Object.keys(SIZES).join(', ')} and favicon.ico into ${publicDir}`);
} finally {
  await browser.close();
}

/** An ICO file holding one PNG image (allowed since Windows Vista; every current browser reads it). */
function icoOf(png, size) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6); // width
  header.writeUInt8(size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}
