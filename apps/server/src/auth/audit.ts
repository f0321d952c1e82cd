import { insertAuthEvent, type Database } from '@lodestar/db';
import type { Logger } from '../logger';

export const AUTH_EVENT_TYPES = [
  'sign_up',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_failed',
  'recovery_code_used',
  'password_changed',
  'password_reset',
  'email_verified',
  'passkey_added',
  'passkey_removed',
  'session_revoked',
  'sessions_revoked',
  'identity_linked',
  'identity_unlinked',
] as const;

export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

export type AuditLog = {
  /** Records an event; a failure to record is logged, never turned into a failed request. */
  record(event: {
    userId: string;
    type: AuthEventType;
    ipAddress?: string | null;
    userAgent?: string | null;
  }): Promise<void>;
};

export function createAuditLog(db: Database, logger: Logger): AuditLog {
  return {
    async record(event) {
      try {
        await insertAuthEvent(db, event);
      } catch (error) {
        logger.error({ err: error, type: event.type }, 'Could not record an auth event');
      }
    },
  };
}
