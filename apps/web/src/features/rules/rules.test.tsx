import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { envelopeError, json, server } from '@/test/fake-server';
import type { ListedRule } from './api';
import { setActingHousehold } from '@/lib/household';
import { RulesRoute } from './routes/rules';

const ok = (data: unknown) => json(200, { success: true, data });

const rule = (id: string, overrides: Partial<ListedRule> = {}): ListedRule => ({
  id,
  priority: 100,
  conditions: { merchantEquals: `${id} shop`, direction: 'out' },
  actions: { category: 'TRAVEL' },
  enabled: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  matched: 2,
  ...overrides,
});

/** The rules endpoints over an in-memory list, answering like the server (docs/money-api.md). */
function serveRules(initial: ListedRule[]) {
  let rules = [...initial];
  server
    .on('GET', '/api/v1/rules', () => ok({ rules }))
    .on('PUT', '/api/v1/rules/order', (request) => {
      const { ids } = request.body as { ids: string[] };
      rules = ids.map((id) => rules.find((candidate) => candidate.id === id)!);
      return ok({ rules });
    })
    .on('POST', '/api/v1/rules/run', () => ok({ changed: 7 }));
  for (const { id } of initial) {
    server
      .on('DELETE', `/api/v1/rules/${id}`, () => {
        rules = rules.filter((candidate) => candidate.id !== id);
        return ok({ id });
      })
      .on('PATCH', `/api/v1/rules/${id}`, (request) => {
        const patch = request.body as Partial<ListedRule>;
        rules = rules.map((candidate) => (candidate.id === id ? { ...candidate, ...patch } : candidate));
        return ok({ rule: rules.find((candidate) => candidate.id === id) });
      });
  }
  return { current: () => rules };
}

function renderRules() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/activity/rules', element: <RulesRoute /> },
      { path: '/activity', element: <p>Activity page</p> },
    ],
    { initialEntries: ['/activity/rules'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <main>
        <RouterProvider router={router} />
      </main>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const item = (name: string) =>
  screen
    .getAllByRole('listitem')
    .find((element) => within(element).queryByRole('heading', { name, level: 2 }))!;

describe('Rules page', () => {
  it('says how to make a rule when there is none', async () => {
    serveRules([]);
    renderRules();
    expect(await screen.findByRole('heading', { name: 'No rules yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run on existing transactions' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to Activity' })).toHaveAttribute('href', '/activity');
  });

  it('shows the error with a retry', async () => {
    server.on('GET', '/api/v1/rules', () => envelopeError(500, 'INTERNAL', 'Database unavailable'));
    renderRules();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your rules');
    serveRules([rule('a')]);
    await userEvent.setup().click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('heading', { name: 'Rule 1' })).toBeInTheDocument();
  });

  it('lists each rule with its conditions, actions and matched count; off rules say so', async () => {
    serveRules([rule('a'), rule('b', { enabled: false, matched: null, actions: { exclude: true } })]);
    renderRules();
    await screen.findByRole('heading', { name: 'Rule 1' });
    const first = within(item('Rule 1'));
    expect(first.getByText('Merchant is “a shop”')).toBeInTheDocument();
    expect(first.getByText('Money out')).toBeInTheDocument();
    expect(first.getByText('Category: Travel')).toBeInTheDocument();
    expect(first.getByText('Matches 2 transactions')).toBeInTheDocument();
    expect(within(item('Rule 2')).getByText('Turned off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Rule 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Rule 2 down' })).toBeDisabled();
  });

  it('moves a rule by keyboard, keeping the focus on it, and saves the whole order', async () => {
    const fake = serveRules([rule('a'), rule('b'), rule('c')]);
    const user = userEvent.setup();
    renderRules();
    await screen.findByRole('heading', { name: 'Rule 1' });
    screen.getByRole('button', { name: 'Move Rule 1 down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Rule 2 down' })).toHaveFocus());
    expect(server.calls('/api/v1/rules/order', 'PUT').map((call) => call.body)).toEqual([
      { ids: ['b', 'a', 'c'] },
    ]);
    expect(fake.current().map((candidate) => candidate.id)).toEqual(['b', 'a', 'c']);
    expect(within(item('Rule 2')).getByText('Merchant is “a shop”')).toBeInTheDocument();
  });

  it('edits a rule, refusing an empty one with the domain message', async () => {
    serveRules([rule('a')]);
    const user = userEvent.setup();
    renderRules();
    await user.click(await screen.findByRole('button', { name: 'Edit Rule 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    await user.clear(within(dialog).getByLabelText('Merchant is'));
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    // "Money out" alone is still a condition: the rule is saved.
    expect(server.calls('/api/v1/rules/a', 'PATCH')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Rule 1' }));
    const again = await screen.findByRole('dialog', { name: 'Edit rule' });
    await user.clear(within(again).getByLabelText('Rename to'));
    await user.type(within(again).getByLabelText('Amount at most'), '12.50');
    await user.click(within(again).getByRole('button', { name: 'Save rule' }));
    expect(await within(again).findByText('Choose a currency for the amount range')).toBeInTheDocument();
    expect(within(again).getByLabelText('Currency')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(again).getByLabelText('Currency'), 'usd');
    await user.click(within(again).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Rule 1' })).toHaveFocus());
    expect(server.calls('/api/v1/rules/a', 'PATCH').at(-1)?.body).toEqual({
      conditions: { direction: 'out', amountMaxMinor: 1250, currency: 'USD' },
      actions: { category: 'TRAVEL' },
      enabled: true,
    });
  });

  it('shows a refusal about a field the dialog does not edit (a deleted account)', async () => {
    serveRules([rule('a', { conditions: { accountIds: ['gone'] } })]);
    server.on('PATCH', '/api/v1/rules/a', () =>
      envelopeError(400, 'VALIDATION_FAILED', 'Validation failed', {
        items: [
          {
            field: 'conditions.accountIds',
            message: 'One of these accounts was not found',
            code: 'not_found',
          },
        ],
      }),
    );
    const user = userEvent.setup();
    renderRules();
    await user.click(await screen.findByRole('button', { name: 'Edit Rule 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('One of these accounts was not found');
  });

  it('runs the rules and says how many transactions changed; deletes after confirming', async () => {
    serveRules([rule('a'), rule('b')]);
    const user = userEvent.setup();
    renderRules();
    await user.click(await screen.findByRole('button', { name: 'Run on existing transactions' }));
    expect(await screen.findByText('Done: 7 transactions changed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Rule 2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete rule 2?' });
    expect(server.calls('/api/v1/rules/b', 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Rule 2' })).not.toBeInTheDocument());
    expect(server.calls('/api/v1/rules/b', 'DELETE')).toHaveLength(1);
    // The focus lands on the rule that is left, not on the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Rule 1' })).toHaveFocus());
  });
});

describe('Rules page for a member of someone else’s household', () => {
  afterEach(() => {
    setActingHousehold(null);
  });

  function serveMemberships(access: 'read' | 'write') {
    server.on('GET', '/api/v1/household/memberships', () =>
      ok({
        households: [
          { ownerUserId: 'owner-1', ownerName: 'Morgan Reyes', ownerEmail: 'morgan@example.com', access },
        ],
      }),
    );
  }

  it('shows a read-only member the rules without a control to change or run them', async () => {
    serveRules([rule('a'), rule('b')]);
    serveMemberships('read');
    setActingHousehold('owner-1');
    renderRules();
    expect(await screen.findByText(/a shop/)).toBeInTheDocument();
    await waitFor(() => expect(server.calls('/api/v1/household/memberships', 'GET')).not.toHaveLength(0));
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run on existing transactions' })).not.toBeInTheDocument();
  });

  it('gives a member with read & write access the same controls as the owner', async () => {
    serveRules([rule('a')]);
    serveMemberships('write');
    setActingHousehold('owner-1');
    renderRules();
    expect(await screen.findByRole('button', { name: 'Run on existing transactions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Edit / })).toBeInTheDocument();
  });
});
