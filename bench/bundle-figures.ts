/** The widget's sizes as a shopper downloads them: built fresh, then compressed. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface BundleFigures {
  widget_iife_gzip_bytes: number;
  widget_iife_brotli_bytes: number;
  fingerprint_chunk_gzip_bytes: number;
  /** The largest of the locale parts (acquiring-checkout.locale-<tag>.js): one is loaded per locale. */
  locale_part_gzip_bytes_max: number;
}

export function bundleFigures(): BundleFigures {
  const build = spawnSync(process.execPath, ['widget/build.mjs'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the widget build failed:\n${build.stderr}`);
  const iife = readFileSync('widget/dist/acquiring-checkout.js');
  const fingerprint = readFileSync('widget/dist/acquiring-checkout.fingerprint.js');
  const locales = readdirSync('widget/dist').filter((file) =>
    file.startsWith('acquiring-checkout.locale-'),
  );
  return {
    widget_iife_gzip_bytes: gzipSync(iife, { level: 9 }).length,
    widget_iife_brotli_bytes: brotliCompressSync(iife, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
    fingerprint_chunk_gzip_bytes: gzipSync(fingerprint, { level: 9 }).length,
    locale_part_gzip_bytes_max: Math.max(
      ...locales.map((file) => gzipSync(readFileSync(`widget/dist/${file}`), { level: 9 }).length),
    ),
  };
}
