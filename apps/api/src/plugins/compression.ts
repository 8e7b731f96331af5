import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: the headers would outweigh the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call: about 0.1 ms for a 50-row
 * invoice page (24 kB -> 3 kB). The library's default on two cores (8 kB) sent that page through
 * a zlib stream on the thread pool, which cost far more than the compression itself.
 */
const SYNC_THRESHOLD_BYTES = 128 * 1024;

/**
 * Compresses API answers (JSON, CSV, the base64 PDFs) of 1 kB or more when the client accepts
 * it, at the cheapest settings (brotli quality 1, gzip level 1); docs/BENCHMARKS.md has the
 * measurement. The web app's files are already compressed at build time and carry their
 * content-encoding, so they are not touched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    syncThreshold: SYNC_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}
