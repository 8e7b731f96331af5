import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

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
    // The spec's old client timed out chunk loads after 120 s; Vite preloads route chunks.
    chunkSizeWarningLimit: 600,
  },
});
