import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setActingHousehold } from '@/lib/household';
import { json, server } from '@/test/fake-server';
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

function serve(access: 'read' | 'write') {
  server
    .on('GET', '/api/v1/reports', () =>
      ok({ reports: [SAVED, { ...SAVED, id: 'rep_2', name: 'Income by quarter', position: 1 }] }),
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
