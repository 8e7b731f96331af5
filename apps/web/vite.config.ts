import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Libraries every page needs from the first paint: one long-cached chunk. MUI stays out:
// grouping it would pull the components of lazy pages into the first load.
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|notistack)[\\/]/;

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `source` makes @app/domain resolve to its TypeScript sources: no build step first.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    port: 4173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
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
});
