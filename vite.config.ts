import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/build/precompress';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The chunk graph test/web-budget.test.ts measures (what each page downloads).
    manifest: true,
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
