/** The widget's sizes as a shopper downloads them: built fresh, then compressed. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface BundleFigures {
  widget_iife_gzip_bytes: number;
  widget_iife_brotli_bytes: number;
  fingerprint_chunk_gzip_bytes: number;
}

export function bundleFigures(): BundleFigures {
  const build = spawnSync(process.execPath, ['widget/build.mjs'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the widget build failed:\n${build.stderr}`);
  const iife = readFileSync('widget/dist/acquiring-checkout.js');
  const fingerprint = readFileSync('widget/dist/acquiring-checkout.fingerprint.js');
  return {
    widget_iife_gzip_bytes: gzipSync(iife, { level: 9 }).length,
    widget_iife_brotli_bytes: brotliCompressSync(iife, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
    fingerprint_chunk_gzip_bytes: gzipSync(fingerprint, { level: 9 }).length,
  };
}
