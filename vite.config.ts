import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { dailyChunk } from './scripts/build/daily-chunk.ts';
import { precompress } from './scripts/build/precompress.ts';

/**
 * Chunks of screens that load their shared chunks only when opened (see modulePreload below): those
 * only the office opens, and the account screens (password, second factor) anyone opens rarely. A
 * missionary's daily screens — dashboard, reports, advances, profile — keep their preload lists.
 */
const LOADED_WHEN_OPENED =
  /\/(PaymentScreens|YearEndPage|AccountingSettingsPage|AdminAdvancesPage|CreateUserPage|DenariImportPage|DistributionsPage|HoldAccountsPage|OutboxPage|ReportsPage|SettingsPage|StaffReportsPage|UserProfilePage|UsersPage|ChangePasswordPage|SecurityPage)-/;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    // Installable, and the app shell works offline (docs/offline.md). 'prompt': a new version waits until the
    // user chooses "Reload" (shell/AppStatus.tsx), so a page never runs old and new chunks together.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Sheepfold',
        short_name: 'Sheepfold',
        description: 'Expense reports, advances and donations for missionaries and their office.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4efe2',
        theme_color: '#2f5d50',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The hashed shell: every script and stylesheet of every screen, so any screen opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
        cleanupOutdatedCaches: true,
        // index.html comes from the network when there is one (a new version is seen at once), else
        // from this version's precache. Never a per-address copy: an old copy
        // could name chunks a newer version has removed. The API is never cached (in neither list).
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: {
              precacheFallback: { fallbackURL: 'index.html' },
            },
          },
        ],
      },
    }),
    // What the missionary's first screens share travels in one chunk (scripts/build/daily-chunk.ts).
    dailyChunk(),
    precompress(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The chunk graph test/web-budget.test.ts measures (what each page downloads).
    manifest: true,
    modulePreload: {
      // These screens load their shared chunks when opened instead of being listed in the first page's
      // preload map, which every missionary downloads (test/web-budget.test.ts): the first visit to
      // one pays an extra round trip, the first page is smaller for everyone (docs/performance.md,
      // "Preload lists").
      resolveDependencies: (filename, deps) => (LOADED_WHEN_OPENED.test(filename) ? [] : deps),
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
