import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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
  { name: 'shared', test: /apps[\\/]web[\\/]src[\\/](components|lib)[\\/](?!auth-client)/, minShareCount: 3 },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), content(), precompress()],
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
