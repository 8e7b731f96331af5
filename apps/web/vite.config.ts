import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { apiProxyTarget } from './src/dev/api-target';

// Libraries every page needs from the first paint: one long-cached chunk. MUI stays out:
// grouping it would pull the components of lazy pages into the first load.
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/;

// React Router publishes a production build next to its development one but names only the
// development one in its exports; a production bundle takes the production build (no dev
// warnings or their texts).
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// `npm run dev` starts the API on PORT; the proxy follows it (a build proxies nothing, so a
// PORT a build does not use cannot stop it).
const proxy = (command: string) =>
  command === 'serve' ? { '/api': apiProxyTarget(process.env) } : undefined;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Every text asset is also written as .br and .gz at build time; the server sends the one the
    // browser accepts (precompressed: no compression work per request).
    compression({
      include: /\.(js|css|html|svg|json|webmanifest|txt)$/,
      threshold: 0,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
    // `source` makes @app/domain resolve to its TypeScript sources: no build step first.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: proxy(command),
  },
  preview: {
    port: 4173,
    proxy: proxy(command),
  },
  build: {
    outDir: 'dist',
    // index.html keeps its <link rel="modulepreload"> of the vendor chunk, but a lazy route
    // does not add one link per chunk it needs at run time: inserting those ~40 links cost
    // 60-100 ms of main-thread time at start (Lighthouse blocking time, in a CPU profile of
    // /home), more than the round trip they save on this app's shallow chunk graph.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
    rollupOptions: {
      output: {
        manualChunks: (id) => (VENDOR.test(id) ? 'vendor' : undefined),
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; they are dropped, nothing else changes.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
    },
  },
}));
