import { ApiError, apiFetch, type ApiBody, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The Developer section's endpoints (docs/settings-api.md "API keys" and "Jobs and cron"), typed by the
 * server's OpenAPI document (lib/api-schema.gen.ts). Every call goes through apiFetch, so failures arrive as ApiError.
 */

/** `prefix` is the first 12 characters of the key ('lsk_' + 8), to recognise it. */
export type ApiKey = ApiSchema<'ApiKey'>;
export type ApiKeyScope = ApiKey['scope'];

export type CreatedApiKey = ApiData<'/user/api-keys', 'post'>;

export type NewApiKey = ApiBody<'/user/api-keys', 'post'>;

export type CronTriggerResult = ApiData<'/cron/trigger-all', 'post'>;
export type CronRun = ApiSchema<'CronRun'>;

/** How often 'Run All Cron Jobs' asks how far its queued run has got. */
export const CRON_RUN_POLL_MS = 1_000;

/** What the server says about key management while `FEATURE_PUBLIC_API` is off (403). */
export const PUBLIC_API_OFF_MESSAGE = 'The public API is turned off on this server';

/** Longest key name the server accepts. */
export const API_KEY_NAME_MAX = 60;

/** The expiry choices of the Create dialog, in days; null is 'Never'. */
export const API_KEY_EXPIRY_DAYS = [null, 30, 90, 365] as const;

/** Where the server documents its API. */
export const API_DOCS_PATH = '/api/docs';

export const developerQueryKeys = {
  apiKeys: ['user', 'api-keys'] as const,
};

/** Whether `error` is the 403 that means the public API (and so key management) is turned off. */
export function isPublicApiOff(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.code === 'PUBLIC_API_DISABLED' || error.message === PUBLIC_API_OFF_MESSAGE)
  );
}

/** The name's problem, or undefined when the server will accept it (1–60 characters after trimming). */
export function apiKeyNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Name is required';
  if (trimmed.length > API_KEY_NAME_MAX) return `Name must be at most ${API_KEY_NAME_MAX} characters`;
  return undefined;
}

export const developerApi = {
  listApiKeys: () => apiFetch<ApiData<'/user/api-keys'>>('/user/api-keys'),
  createApiKey: (input: NewApiKey) =>
    apiFetch<ApiData<'/user/api-keys', 'post'>>('/user/api-keys', {
      method: 'POST',
      body: { name: input.name.trim(), scope: input.scope, expiresInDays: input.expiresInDays },
    }),
  revokeApiKey: (id: string) =>
    apiFetch<ApiData<'/user/api-keys/{id}', 'delete'>>(`/user/api-keys/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  /**
   * Queues the signed-in user's jobs and follows the run (GET /cron/runs/{id}, answered by any instance)
   * until it ends; resolves with its counts, rejects when the run failed.
   */
  triggerAllCronJobs: async (pollMs = CRON_RUN_POLL_MS): Promise<CronRun> => {
    const queued = await apiFetch<CronTriggerResult>('/cron/trigger-all', { method: 'POST' });
    let run = queued.run;
    while (run.state === 'queued' || run.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      run = (await apiFetch<ApiData<'/cron/runs/{id}'>>(`/cron/runs/${encodeURIComponent(run.id)}`)).run;
    }
    if (run.state === 'failed') throw new Error(run.error ?? 'The cron jobs could not be finished');
    return run;
  },
};
