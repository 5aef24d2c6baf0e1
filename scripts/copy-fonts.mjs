// Copies the Poppins files the portal serves into public/fonts (no outside CDN).
import fs from 'node:fs';
import path from 'node:path';

const from = path.resolve('node_modules/@fontsource/poppins/files');
const to = path.resolve('public/fonts');
fs.mkdirSync(to, { recursive: true });
for (const weight of [400, 500, 600, 700]) {
  const name = `poppins-latin-${weight}-normal.woff2`;
  fs.copyFileSync(path.join(from, name), path.join(to, name));
}
