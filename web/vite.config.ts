import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The daemon serves /api, /ws and the files it owns; the dev server only proxies to it.
const daemon = 'http://127.0.0.1:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The bench and the daemon compare against the same hashed file names; no source maps shipped.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file (it compresses best together); the console,
        // login and search pages stay in their own chunks, loaded when visited.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': daemon,
      '/ws': { target: daemon.replace('http', 'ws'), ws: true },
      '/audio': daemon,
      '/favicons': daemon,
    },
  },
});
