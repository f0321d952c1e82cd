import { act, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { HelpRoute } from './help';

const helpRouter = () =>
  createMemoryRouter([{ path: '/help', element: <HelpRoute /> }], { initialEntries: ['/help'] });

afterEach(() => {
  document.body.innerHTML = '';
});

// The help page arrives prerendered and its script starts on the first sign of use (ADR 053): a visitor
// can type into the search field before React listens to it.
it('searches for what was typed into the prerendered page before it hydrated', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<RouterProvider router={helpRouter()} />);
  const field = container.querySelector<HTMLInputElement>('#help-search');
  if (!field) throw new Error('no search field in the prerendered page');
  field.value = 'xprv';

  const router = helpRouter();
  await act(async () => {
    hydrateRoot(container, <RouterProvider router={router} />);
  });

  expect(router.state.location.search).toBe('?q=xprv');
  const results = await within(container).findByRole('list', { name: 'Matching articles' });
  expect(within(results).getByRole('link', { name: 'Crypto wallets' })).toBeInTheDocument();
  expect(container.querySelector<HTMLInputElement>('#help-search')?.value).toBe('xprv');
});
