import { constants as zlib, type BrotliOptions } from 'node:zlib';
import type { RspackPluginInstance } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';

/** What the static server may send precompressed: text assets (not the source maps). */
const PRECOMPRESSED = /\.(js|css|html|json|svg|webmanifest)$/;
/** Below this size compression saves less than a packet; the static server's on-the-fly threshold too. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli (quality 11) and gzip (level 9) siblings of every text asset over the threshold, made
 * once at build time (compression-webpack-plugin, compatible with rspack): `main.abc.js.br` and
 * `main.abc.js.gz` beside `main.abc.js`. The static server sends them as they are
 * (@fastify/static `preCompressed`), so no request pays for compression, and the best levels cost
 * nothing at run time. A file that would not shrink by 20 % gets no sibling (minRatio 0.8).
 */
export function compressionPlugins(): RspackPluginInstance[] {
  const common = { test: PRECOMPRESSED, threshold: COMPRESSION_THRESHOLD, minRatio: 0.8 };
  // The plugin is typed against webpack's Compiler; rspack implements the parts it uses.
  return [
    new CompressionPlugin<BrotliOptions>({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
    }) as unknown as RspackPluginInstance,
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }) as unknown as RspackPluginInstance,
  ];
}
