import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { createRouter, routes } from './app/router';
import { startOnlineTracking } from './components/offline-notice';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const HYDRATED_EVENT = 'lodestar:hydrated';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
startOnlineTracking();

/** Tells public/start-on-interaction.js that the page has hydrated (it then replays a held click). */
function SignalHydrated() {
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}

/**
 * A public page arrives prerendered (build/prerender.ts): its page code and article are loaded first and
 * the query cache filled as the build filled it, so the first render matches the HTML and React hydrates
 * it. Every other page starts from the empty shell, without the list of public pages (it carries the
 * content index, titles, summaries and the help articles' text, which no app page needs at its start).
 */
async function start(container: HTMLElement) {
  const publicPages = 'prerendered' in container.dataset ? await import('./app/public-pages') : undefined;
  const page = publicPages?.findPublicPage(window.location.pathname);
  if (!publicPages || !page) {
    createRoot(container).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter()} />
        </Providers>
      </StrictMode>,
    );
    return;
  }
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  const queryClient = createQueryClient();
  await Promise.all([
    publicPages.prepareQueryCache(queryClient, page),
    ...lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  ]);
  hydrateRoot(
    container,
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={createRouter()} />
      </Providers>
      <SignalHydrated />
    </StrictMode>,
  );
}

void start(root).then(registerServiceWorker);
