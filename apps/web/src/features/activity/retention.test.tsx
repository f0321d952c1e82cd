import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { makeTransactions, ok, renderActivity, serveTransactions } from './test-harness';

/** The plan's data-retention window on Activity (ADR 062): a small note, and the way to upgrade on Free. */

function serveBilling(tier: 'free_trial' | 'pro', dataRetentionDays: number) {
  server.on('GET', '/api/v1/billing', () =>
    ok({
      mode: 'stripe',
      plan: {
        tier,
        displayName: tier === 'pro' ? 'Pro' : 'Free',
        dataRetentionDays,
        features: { exportData: tier === 'pro' },
      },
      usage: {},
    }),
  );
}

describe('Activity under a retention window', () => {
  it('tells a Free user the plan shows the last 365 days, with the upgrade link', async () => {
    serveTransactions(makeTransactions(3), { visibleFrom: '2025-11-21' });
    serveBilling('free_trial', 365);
    renderActivity();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Your plan shows the last 365 days. Upgrade to see older history.');
    expect(within(note).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
      'href',
      '/settings/billing',
    );
  });

  it('tells a Pro user the window without an upgrade link', async () => {
    serveTransactions(makeTransactions(3), { visibleFrom: '2024-11-21' });
    serveBilling('pro', 730);
    renderActivity();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(/^Your plan shows the last 730 days\.$/);
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says nothing without a window (self-hosted) and never asks for the plan', async () => {
    serveTransactions(makeTransactions(3));
    renderActivity();
    expect(await screen.findByText('Payee 1')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(server.calls('/api/v1/billing', 'GET')).toHaveLength(0);
  });

  it('offers a Free user the way to upgrade instead of a CSV the server would refuse', async () => {
    serveTransactions(makeTransactions(3), { visibleFrom: '2025-11-21' });
    serveBilling('free_trial', 365);
    renderActivity();
    const user = userEvent.setup();
    await screen.findByRole('note');
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    await user.click(exportButton);
    const panel = await screen.findByRole('dialog', { name: 'Export CSV' });
    expect(panel).toHaveTextContent('Exporting your data is part of the Pro plan. Upgrade to export.');
    expect(within(panel).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
      'href',
      '/settings/billing',
    );
  });

  it('downloads the CSV on Pro and on a self-hosted server', async () => {
    serveTransactions(makeTransactions(3), { visibleFrom: '2024-11-21' });
    serveBilling('pro', 730);
    const first = renderActivity();
    await screen.findByRole('note');
    expect(await screen.findByRole('link', { name: 'Export CSV' })).toHaveAttribute('download');
    first.unmount();
    serveTransactions(makeTransactions(3));
    renderActivity();
    expect(await screen.findByRole('link', { name: 'Export CSV' })).toHaveAttribute('download');
  });
});
