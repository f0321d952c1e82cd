import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { prepareQueryCache, publicPages, type PublicPage } from './app/public-pages';
import { routes } from './app/router';

/**
 * The build's server-side entry (build/prerender.ts): renders each public page to HTML once, as a visitor
 * sees it, so its first HTML carries its text. main.tsx hydrates it with the same cache contents.
 */
export { publicPages, type PublicPage };

export async function renderPage(page: PublicPage, origin: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(page.path, origin)));
  if (context instanceof Response) throw new Error(`${page.path} answered with a redirect`);
  if (context.statusCode !== 200) throw new Error(`${page.path} rendered with status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  await prepareQueryCache(queryClient, page);
  return renderToString(
    <StrictMode>
      <Providers client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
