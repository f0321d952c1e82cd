import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiData } from './api-client';

/** What the server tells anyone about itself (`GET /api/v1/config`): whether it sends email. */
export type ServerConfig = ApiData<'/config'>;

export const SERVER_CONFIG_QUERY = {
  queryKey: ['server-config'] as const,
  queryFn: () => apiFetch<ServerConfig>('/config'),
  // It changes only when the server restarts with another configuration.
  staleTime: Number.POSITIVE_INFINITY,
};

export function useServerConfig() {
  return useQuery(SERVER_CONFIG_QUERY);
}

/**
 * Whether the server sends email, read from the cache or asked once; undefined when the server could
 * not say (callers then word their texts so they hold either way).
 */
export async function emailConfigured(queryClient: QueryClient): Promise<boolean | undefined> {
  try {
    return (await queryClient.fetchQuery(SERVER_CONFIG_QUERY)).emailConfigured;
  } catch {
    return undefined;
  }
}

/**
 * Texts for a server that does not send email (no SMTP_URL or RESEND_API_KEY): its verification and
 * reset links are written to the server's log, where whoever runs the server can find them.
 */
export const NO_EMAIL = {
  signedUp:
    'This server does not send email, so no verification email was sent. The link that confirms your address is in the server log: ask whoever runs this server for it.',
  resetLogged: 'Reset link written to the server log',
  verificationLogged: 'Verification link written to the server log',
  askForLink: 'This server does not send email: ask whoever runs it for the link in its log.',
} as const;
