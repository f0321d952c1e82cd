/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { toast } from 'sonner';

export const NEW_VERSION = {
  title: 'A new version of Lodestar is available',
  description: 'Reload to use it; this page keeps the version it started with until then.',
  action: 'Reload',
} as const;

/**
 * Registers the service worker (/sw.js, ADR 046) that keeps the app for an offline start. When the
 * server has a new version, its worker waits; the toast offers to reload into it. A browser that refuses
 * workers (private windows, policies) simply runs without one.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast(NEW_VERSION.title, {
        id: 'new-version',
        description: NEW_VERSION.description,
        duration: Infinity,
        action: {
          label: NEW_VERSION.action,
          onClick: () => {
            // Workbox reloads by itself only on a page that started under a worker; a page of the first
            // visit (the worker took it over later) reloads here once the new worker controls it.
            navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
              once: true,
            });
            void updateServiceWorker(true);
          },
        },
      });
    },
    onRegisterError() {
      // Without a worker the app works as before, only not offline.
    },
  });
}
