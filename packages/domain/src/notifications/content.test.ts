import { describe, expect, it } from 'vitest';
import { notificationContent, type ContentFormat, type NotificationData } from './content';

const format: ContentFormat = {
  currency: 'USD',
  locale: 'en-US',
  dateFormat: 'MM/DD/YYYY',
  timeZone: 'America/New_York',
};
const day = { key: '2026-11-19', from: '2026-11-19', to: '2026-11-19' };
const week = { key: '2026-W47', from: '2026-11-16', to: '2026-11-22' };

describe('notificationContent', () => {
  it.each<
    [NotificationData, typeof day, { subject: string; summary: string; lines: string[]; path: string }]
  >([
    [
      { kind: 'low_balance', thresholdMinor: 10_000, accounts: [{ name: 'Checking', balanceMinor: 4_250 }] },
      day,
      {
        subject: 'Low balance: 1 account below $100.00',
        summary: 'Checking $42.50',
        lines: ['1 account is below your low-balance alert of $100.00:', '• Checking: $42.50'],
        path: '/accounts',
      },
    ],
    [
      {
        kind: 'daily_spending',
        thresholdMinor: 20_000,
        days: [
          { date: '2026-11-17', amountMinor: 35_000 },
          { date: '2026-11-18', amountMinor: 30_000 },
        ],
      },
      week,
      {
        subject: 'Spending alert: 2 days above $200.00',
        summary: '11/17/2026 $350.00, 11/18/2026 $300.00',
        lines: [
          'Your spending was above your daily alert of $200.00 on 2 days from 11/16/2026 to 11/22/2026:',
          '• 11/17/2026: $350.00',
          '• 11/18/2026: $300.00',
        ],
        path: '/expenses',
      },
    ],
    [
      {
        kind: 'large_transactions',
        thresholdMinor: 100_000,
        transactions: [{ date: '2026-11-19', name: 'Rent', amountMinor: -150_000 }],
      },
      day,
      {
        subject: '1 large transaction of $1,000.00 or more',
        summary: 'Rent $1,500.00',
        lines: ['1 large transaction of at least $1,000.00 on 11/19/2026:', '• 11/19/2026 Rent: $1,500.00'],
        path: '/activity',
      },
    ],
    [
      { kind: 'weekly_summary', incomeMinor: 500_000, spendingMinor: 320_000 },
      week,
      {
        subject: 'Your week: net $1,800.00',
        summary: 'Income $5,000.00, spending $3,200.00, net $1,800.00',
        lines: [
          'Your summary of the week from 11/16/2026 to 11/22/2026:',
          '• Income: $5,000.00',
          '• Spending: $3,200.00',
          '• Net change: $1,800.00',
        ],
        path: '/dashboard',
      },
    ],
  ])('%o', (data, period, expected) => {
    expect(notificationContent(data, period, format)).toEqual({ kind: data.kind, ...expected });
  });

  it('lists at most ten items and counts the rest', () => {
    const connections = Array.from({ length: 12 }, (_, i) => ({ name: `Bank ${i + 1}` }));
    const content = notificationContent({ kind: 'new_connections', connections }, day, format);
    expect(content.subject).toBe('12 new connections added to your account');
    expect(content.lines.filter((line) => line.startsWith('• '))).toHaveLength(10);
    expect(content.lines).toContain('…and 2 more');
  });

  it('names a security event with its time in the user’s time zone', () => {
    const content = notificationContent(
      {
        kind: 'security_alert',
        type: 'password_changed',
        at: new Date('2026-11-20T03:15:00Z'),
        ipAddress: '198.51.100.7',
        userAgent: null,
      },
      day,
      format,
    );
    expect(content.subject).toBe('Security alert: your password was changed');
    expect(content.lines).toEqual([
      'Your password was changed on your account.',
      'When: 11/19/2026 10:15 PM (America/New_York)',
      'IP address: 198.51.100.7',
      'If this was you, there is nothing to do. If not, change your password and review your sessions.',
    ]);
  });
});
