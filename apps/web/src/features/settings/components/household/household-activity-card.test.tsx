import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { json, server } from '@/test/fake-server';
import { HouseholdActivityCard, householdActionText } from './household-activity-card';

const ok = (data: unknown) => json(200, { success: true, data });

describe('Household activity card', () => {
  it('lists who changed what, newest first, with refused changes marked', async () => {
    servePreferences();
    server.on('GET', '/api/v1/household/activity', () =>
      ok({
        events: [
          {
            id: 'e2',
            actorEmail: 'jamie@example.com',
            action: 'DELETE /rules/{id}',
            status: 403,
            createdAt: new Date().toISOString(),
          },
          {
            id: 'e1',
            actorEmail: 'jamie@example.com',
            action: 'PATCH /transactions/{id}',
            status: 200,
            createdAt: new Date().toISOString(),
          },
          {
            id: 'e0',
            actorEmail: 'morgan@example.com',
            action: 'invited jamie@example.com (write)',
            status: 200,
            createdAt: new Date().toISOString(),
          },
        ],
      }),
    );
    renderInApp(<HouseholdActivityCard />);
    const list = await screen.findByRole('list', { name: 'Household activity' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'jamie@example.com deleted rules (refused, 403)Just now',
      'jamie@example.com changed transactionsJust now',
      'morgan@example.com invited jamie@example.com (write)Just now',
    ]);
  });

  it('says so when nobody changed anything', async () => {
    servePreferences();
    server.on('GET', '/api/v1/household/activity', () => ok({ events: [] }));
    renderInApp(<HouseholdActivityCard />);
    expect(await screen.findByText('Nobody has changed anything in your household yet.')).toBeInTheDocument();
  });

  it('words a request as what it did', () => {
    expect(householdActionText('POST /budgets/copy-previous')).toBe('added budgets/copy-previous');
    expect(householdActionText('PUT /budgets')).toBe('set budgets');
    expect(householdActionText('removed jamie@example.com')).toBe('removed jamie@example.com');
  });
});
