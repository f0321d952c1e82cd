import type { Preferences } from '@lodestar/domain';
import { apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The signed-in user's `/api/v1/user/*` endpoints (docs/auth.md), typed by the server's OpenAPI
 * document (lib/api-schema.gen.ts).
 * Every call goes through apiFetch, so failures arrive as ApiError with the server's message.
 */

export type UserStats = ApiSchema<'UserStats'>;

export type MfaFactor = ApiSchema<'MfaFactor'>;

export type MfaEnrollment = ApiData<'/user/mfa/enroll', 'post'>;

export type UserSession = ApiSchema<'UserSession'>;

/** A sign-in identity at a provider (Google, GitHub, Apple, single sign-on) linked to the account. */
export type LinkedIdentity = ApiSchema<'LinkedIdentity'>;

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
  | 'sessions_revoked'
  | 'identity_linked'
  | 'identity_unlinked';

/** `type` is one of AuditEventType, kept open so a newer server's event still shows. */
export type AuditEvent = ApiSchema<'AuthEvent'>;

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
  identities: ['user', 'identities'] as const,
  preferences: ['user', 'preferences'] as const,
};

const json = (method: string, body?: unknown) => ({ method, body });

export const userApi = {
  updateProfile: (fullName: string) =>
    apiFetch<ApiData<'/user/profile', 'patch'>>('/user/profile', json('PATCH', { fullName })),
  stats: () => apiFetch<ApiData<'/user/stats'>>('/user/stats'),
  verifyPassword: (password: string) =>
    apiFetch<ApiData<'/user/verify-password', 'post'>>('/user/verify-password', json('POST', { password })),
  /** A first password for an account that signs in through a provider (needs a recent sign-in). */
  setPassword: (newPassword: string) =>
    apiFetch<ApiData<'/user/set-password', 'post'>>('/user/set-password', json('POST', { newPassword })),
  enrollMfa: () => apiFetch<ApiData<'/user/mfa/enroll', 'post'>>('/user/mfa/enroll', json('POST')),
  verifyMfa: (factorId: string, code: string) =>
    apiFetch<ApiData<'/user/mfa/verify', 'post'>>('/user/mfa/verify', json('POST', { factorId, code })),
  mfaFactors: () => apiFetch<ApiData<'/user/mfa/factors'>>('/user/mfa/factors').then((data) => data.factors),
  unenrollMfa: (factorId: string) =>
    apiFetch<ApiData<'/user/mfa/unenroll', 'post'>>('/user/mfa/unenroll', json('POST', { factorId })),
  sessions: () => apiFetch<ApiData<'/user/sessions'>>('/user/sessions').then((data) => data.sessions),
  revokeSession: (id: string) =>
    apiFetch<ApiData<'/user/sessions/{id}', 'delete'>>(
      `/user/sessions/${encodeURIComponent(id)}`,
      json('DELETE'),
    ),
  revokeAllSessions: () =>
    apiFetch<ApiData<'/user/sessions/revoke-all', 'post'>>('/user/sessions/revoke-all', json('POST')),
  auditEvents: () =>
    apiFetch<ApiData<'/user/audit-events'>>(`/user/audit-events?limit=${AUDIT_EVENTS_LIMIT}`).then(
      (data) => data.events,
    ),
  identities: () => apiFetch<ApiData<'/user/identities'>>('/user/identities'),
  authorizeIdentity: (provider: LinkedIdentity['provider']) =>
    apiFetch<ApiData<'/user/identities/authorize', 'post'>>(
      '/user/identities/authorize',
      json('POST', { provider }),
    ),
  unlinkIdentity: (id: string) =>
    apiFetch<ApiData<'/user/identities/{id}', 'delete'>>(
      `/user/identities/${encodeURIComponent(id)}`,
      json('DELETE'),
    ),
  deleteAccount: () => apiFetch<ApiData<'/user/delete', 'delete'>>('/user/delete', json('DELETE')),
  // The document's schema is open (any stored key); the domain's type names its keys.
  preferences: () => apiFetch<Preferences>('/user/preferences'),
  setPreference: (key: string, value: unknown) =>
    apiFetch<Preferences>('/user/preferences', json('PUT', { key, value })),
};

/** What `GET /user/identities` answers: the identities, whether there is a password, whether the sign-in is recent. */
export type SignInMethods = ApiData<'/user/identities'>;

/** The verified authenticator factors: two-factor authentication is on when there is at least one. */
export function verifiedFactors(factors: readonly MfaFactor[]): MfaFactor[] {
  return factors.filter((factor) => factor.status === 'verified');
}

export { errorMessage, isUnauthorized } from '@/lib/api-client';
