import type { JobHandlers } from '../jobs/boss';

const idle = async () => ({ successful: 0, failed: 0 });

/** A handler for every scheduled and queued job that does nothing: tests replace the ones they watch. */
export function idleJobHandlers(overrides: Partial<JobHandlers> = {}): JobHandlers {
  return {
    notifications: idle,
    'sync-connections': idle,
    'fx-rates': idle,
    'email-outbox': idle,
    'sync-connection': idle,
    'webhook-deliveries': idle,
    'webhook-delivery': idle,
    'security-prices': idle,
    ...overrides,
  };
}
