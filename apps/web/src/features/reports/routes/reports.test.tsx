import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actingHousehold, HOUSEHOLD_HEADER, setActingHousehold } from '@/lib/household';
import { DEFAULT_DEFINITION } from '@/lib/reports-model';
import { json, server, TEST_USER } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown) => json(200, { success: true, data });

const SAVED = {
  id: 'rep_1',
  name: 'Groceries by month',
  definition: {},
  pinned: false,
  position: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function serve(access: 'read' | 'write', definition: unknown = {}) {
  server
    .on('GET', '/api/v1/reports', () =>
      ok({
        reports: [
          { ...SAVED, definition },
          { ...SAVED, definition, id: 'rep_2', name: 'Income by quarter', position: 1 },
        ],
      }),
    )
    .on('POST', '/api/v1/reports/run', () => json(503, { success: false, error: 'Not in this test' }))
    .on('GET', '/api/v1/household/memberships', () =>
      ok({
        households: [
          { ownerUserId: 'owner-1', ownerName: 'Morgan Reyes', ownerEmail: 'morgan@example.com', access },
        ],
      }),
    );
}

describe('Reports for a member of someone else’s household', () => {
  afterEach(() => {
    setActingHousehold(null);
  });

  it('shows a read-only member the saved reports without controls to save, reorder or delete', async () => {
    serve('read');
    setActingHousehold('owner-1');
    renderApp('/reports');
    expect(await screen.findByRole('button', { name: 'Groceries by month' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('/api/v1/household/memberships', 'GET')).not.toHaveLength(0));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save report' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Move Groceries by month up' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('gives a member with read & write access the controls to save and reorder', async () => {
    serve('write');
    setActingHousehold('owner-1');
    renderApp('/reports');
    expect(await screen.findByRole('button', { name: 'Save report' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Move Groceries by month up' })).toBeInTheDocument();
  });
});

function member(status: 'active' | 'invited') {
  return {
    id: 'mem_1',
    email: 'alex@example.com',
    name: 'Alex',
    access: 'read',
    status,
    invitedAt: '2026-11-01T00:00:00.000Z',
    inviteExpiresAt: null,
    acceptedAt: status === 'active' ? '2026-11-02T00:00:00.000Z' : null,
    lastActiveAt: null,
  };
}

describe('The household link of a saved report', () => {
  afterEach(() => {
    setActingHousehold(null);
    vi.restoreAllMocks();
  });

  it('copies an in-app link naming the report and the household, once someone has joined', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve('read', DEFAULT_DEFINITION);
    server.on('GET', '/api/v1/household/members', () => ok({ members: [member('active')], limit: null }));
    renderApp('/reports?id=rep_1');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const url = new URL(String((writeText.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/reports');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: 'rep_1', household: TEST_USER.id });
    expect(await screen.findByText(/Members of your household can open this report/)).toBeInTheDocument();
  });

  it('is not offered while nobody has joined the household', async () => {
    serve('read', DEFAULT_DEFINITION);
    server.on('GET', '/api/v1/household/members', () => ok({ members: [member('invited')], limit: null }));
    renderApp('/reports?id=rep_1');
    expect(await screen.findByRole('heading', { name: 'Groceries by month' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('/api/v1/household/members', 'GET')).not.toHaveLength(0));
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });

  it('opens for a member in the owner’s household, read-only', async () => {
    serve('read', DEFAULT_DEFINITION);
    renderApp('/reports?id=rep_1&household=owner-1');
    expect(await screen.findByRole('heading', { name: 'Groceries by month' })).toBeInTheDocument();
    expect(actingHousehold()).toBe('owner-1');
    await waitFor(() =>
      expect(
        server
          .calls('/api/v1/reports', 'GET')
          .some((call) => call.headers.get(HOUSEHOLD_HEADER) === 'owner-1'),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByText('Report not found')).not.toBeInTheDocument();
  });

  it('is not found for someone outside the household, who stays in their own', async () => {
    serve('read');
    server.on('GET', '/api/v1/reports', () => ok({ reports: [] }));
    renderApp('/reports?id=rep_9&household=someone-else');
    expect(await screen.findByRole('heading', { name: 'Report not found' })).toBeInTheDocument();
    expect(actingHousehold()).toBeNull();
    expect(server.requests.some((request) => request.headers.get(HOUSEHOLD_HEADER) === 'someone-else')).toBe(
      false,
    );
  });
});
