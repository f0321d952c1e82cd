import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { content } from './build/content';
import { precompress } from './build/precompress';

/**
 * Libraries that change rarely get chunks of their own, so an app release does not make browsers
 * download them again; every page is a lazy chunk of its own (see src/app/pages.tsx).
 */
const VENDOR_CHUNKS = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'ui',
    test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|detect-node-es|get-nonce|tslib|sonner|lucide-react|clsx|tailwind-merge|class-variance-authority)[\\/]/,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  // Shared app code, except what brings the auth client (better-auth, passkeys) with it: only the
  // sign-in, sign-up and settings pages need that, so it stays out of every other page's first load.
  {
    name: 'shared',
    test: /apps[\\/]web[\\/]src[\\/](components|lib)[\\/](?!auth-client|provider-sign-in)/,
    minShareCount: 3,
  },
];

/**
 * The installable app (ADR 046): the web app manifest, and a service worker (/sw.js, Workbox) that keeps
 * the built app for an offline start. Page addresses go to the network first and fall back to the
 * cached shell offline; nothing under /api is ever cached. The worker also imports the push handlers
 * (public/push-sw.js). A new worker waits until the user accepts "reload" (src/lib/service-worker.ts).
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: true,
  manifest: {
    id: '/',
    name: 'Lodestar',
    short_name: 'Lodestar',
    description: 'One honest view of your money, on your own machine.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#f7f8fa',
    theme_color: '#0f4c5c',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell and every built file; not the prerendered pages (they are fetched as pages), the
    // compressed copies or the source maps.
    globPatterns: ['index.html', 'static/**/*.{js,css,svg,png,webp,woff2}', '*.{svg,js,png}', 'icons/*.png'],
    globIgnores: ['**/*.map', '**/*.gz', '**/*.br', 'pages/**', 'sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // Pages come from the network (and the server's prerendered HTML) when it answers.
    navigateFallback: null,
    importScripts: ['/push-sw.js'],
    inlineWorkboxRuntime: true,
    sourcemap: false,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        // Page addresses only (never /api): the network first, then this page as last seen, then the shell.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 10,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 50 },
          precacheFallback: { fallbackURL: 'index.html' },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), content(), pwa, precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // Built files live under /static: /assets is a page of the app (spec §2).
    assetsDir: 'static',
    emptyOutDir: true,
    sourcemap: true,
    // Read by `npm run bench:analytics` to weigh the JavaScript a route loads.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_CHUNKS } },
    },
  },
});
