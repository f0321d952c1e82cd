import { apiFetch } from '@/lib/api-client';

/**
 * The signed-in user's `/api/v1/user/*` endpoints (docs/auth.md), typed as the contract gives them.
 * Every call goes through apiFetch, so failures arrive as ApiError with the server's message.
 */

export type UserStats = { lastLoginAt: string | null; plan: string; connectedAccounts: number };

export type MfaFactor = {
  id: string;
  type: 'totp';
  status: 'verified' | 'unverified';
  friendlyName: string | null;
  createdAt: string;
};

export type MfaEnrollment = { factorId: string; uri: string; secret: string };

export type UserSession = {
  id: string;
  device: string | null;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string | null;
  current: boolean;
};

export type AuditEventType =
  | 'sign_up'
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_failed'
  | 'recovery_code_used'
  | 'password_changed'
  | 'password_reset'
  | 'email_verified'
  | 'passkey_added'
  | 'passkey_removed'
  | 'session_revoked'
  | 'sessions_revoked';

export type AuditEvent = {
  id: string;
  /** One of AuditEventType; kept open so a newer server's event still shows. */
  type: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

/** How many security events the Recent security activity card shows. */
export const AUDIT_EVENTS_LIMIT = 20;

/** Query keys of the settings feature; all start with 'user' so one invalidation refreshes them. */
export const userQueryKeys = {
  all: ['user'] as const,
  stats: ['user', 'stats'] as const,
  mfaFactors: ['user', 'mfa', 'factors'] as const,
  sessions: ['user', 'sessions'] as const,
  auditEvents: ['user', 'audit-events', AUDIT_EVENTS_LIMIT] as const,
  passkeys: ['user', 'passkeys'] as const,
  preferences: ['user', 'preferences'] as const,
};

const json = (method: string, body?: unknown) => ({ method, body });

export const userApi = {
  updateProfile: (fullName: string) => apiFetch<unknown>('/user/profile', json('PATCH', { fullName })),
  stats: () => apiFetch<UserStats>('/user/stats'),
  verifyPassword: (password: string) =>
    apiFetch<{ valid: boolean }>('/user/verify-password', json('POST', { password })),
  enrollMfa: () => apiFetch<MfaEnrollment>('/user/mfa/enroll', json('POST')),
  verifyMfa: (factorId: string, code: string) =>
    apiFetch<{ recoveryCodes: string[] }>('/user/mfa/verify', json('POST', { factorId, code })),
  mfaFactors: () => apiFetch<{ factors: MfaFactor[] }>('/user/mfa/factors').then((data) => data.factors),
  unenrollMfa: (factorId: string) =>
    apiFetch<{ factorId: string }>('/user/mfa/unenroll', json('POST', { factorId })),
  sessions: () => apiFetch<{ sessions: UserSession[] }>('/user/sessions').then((data) => data.sessions),
  revokeSession: (id: string) =>
    apiFetch<{ id: string }>(`/user/sessions/${encodeURIComponent(id)}`, json('DELETE')),
  revokeAllSessions: () => apiFetch<{ revoked: number }>('/user/sessions/revoke-all', json('POST')),
  auditEvents: () =>
    apiFetch<{ events: AuditEvent[] }>(`/user/audit-events?limit=${AUDIT_EVENTS_LIMIT}`).then(
      (data) => data.events,
    ),
  deleteAccount: () => apiFetch<{ deleted: true }>('/user/delete', json('DELETE')),
  preferences: () => apiFetch<{ require_2fa: boolean }>('/user/preferences'),
  setPreference: (key: string, value: unknown) =>
    apiFetch<{ require_2fa: boolean }>('/user/preferences', json('PUT', { key, value })),
};

/** The verified authenticator factors: two-factor authentication is on when there is at least one. */
export function verifiedFactors(factors: readonly MfaFactor[]): MfaFactor[] {
  return factors.filter((factor) => factor.status === 'verified');
}

export { errorMessage, isUnauthorized } from '@/lib/api-client';
