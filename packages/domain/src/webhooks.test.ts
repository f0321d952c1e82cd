import { describe, expect, it } from 'vitest';
import { isWebhookEventType, nextAttemptAt, webhookSignatureHeader, webhookSignedPayload } from './webhooks';

describe('webhook retries', () => {
  const created = new Date('2026-11-20T00:00:00Z');
  it('back off from 30 s, doubling, at most 4 hours apart', () => {
    const after = (failed: number, now = created) =>
      (nextAttemptAt(created, failed, now)?.getTime() ?? 0) - now.getTime();
    expect(after(1)).toBe(30_000);
    expect(after(2)).toBe(60_000);
    expect(after(3)).toBe(120_000);
    expect(after(10)).toBe(4 * 3_600_000);
    expect(after(20)).toBe(4 * 3_600_000);
  });
  it('stop 24 hours after the event', () => {
    expect(nextAttemptAt(created, 12, new Date('2026-11-20T19:59:59Z'))).not.toBeNull();
    expect(nextAttemptAt(created, 12, new Date('2026-11-20T20:00:01Z'))).toBeNull();
  });
});

describe('webhook signature text', () => {
  it('covers the timestamp and the body', () => {
    expect(webhookSignedPayload(1_763_600_000, '{"a":1}')).toBe('1763600000.{"a":1}');
    expect(webhookSignatureHeader(1_763_600_000, 'ab12')).toBe('t=1763600000,v1=ab12');
    expect(isWebhookEventType('budget.passed')).toBe(true);
    expect(isWebhookEventType('webhook.test')).toBe(false);
  });
});
