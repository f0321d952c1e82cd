import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import { authorizationCodeRequest, getOAuth2Tokens, type OAuth2Tokens } from 'better-auth/oauth2';
import type { Logger } from '../logger';
import { outboundRequest, type OutboundPolicy } from '../outbound/guard';

/**
 * GitHub as a sign-in provider through better-auth's generic OAuth plugin (ADR 049). GitHub is OAuth 2,
 * not OpenID Connect: no discovery, no ID token. better-auth builds the authorisation address (state,
 * PKCE S256, which GitHub accepts since July 2025) and the token request; the two exchanges below only
 * carry them through the outbound-request guard and read GitHub's documented answers:
 *
 * - `POST {GITHUB_URL}/login/oauth/access_token` answers its errors (`bad_verification_code`,
 *   `incorrect_client_credentials`, `redirect_uri_mismatch`) with HTTP 200 and an `error` field
 *   ("Troubleshooting OAuth app access token request errors"): that is a failed sign-in, never tokens.
 * - `GET {GITHUB_API_URL}/user` gives the account (`id` is the stable identity, as better-auth's own
 *   GitHub provider keys it, so accounts linked before keep working); its `email` is the public one, or
 *   null. `GET /user/emails` (scope `user:email`) lists every address with `primary` and `verified`.
 */

type GitHubUser = {
  id?: number;
  login?: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string;
};
type GitHubEmail = { email?: string; primary?: boolean; verified?: boolean };

export type GitHubEndpoints = { webUrl: string; apiUrl: string };

const JSON_HEADERS = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
  // GitHub refuses REST requests without a User-Agent.
  'user-agent': 'Lodestar',
};

/** A failed exchange with GitHub; the message says what GitHub answered and holds nothing secret. */
export class GitHubSignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitHubSignInError';
  }
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The address to sign in with: the public one when GitHub lists it, else the verified primary one, else
 * any verified one, else the unverified primary one (said to be unverified, so Lodestar asks the person
 * to confirm it, as after a password sign-up).
 */
export function chooseGitHubEmail(
  user: GitHubUser,
  emails: GitHubEmail[],
): { email: string; verified: boolean } | null {
  const listed = (address: string) =>
    emails.find((entry) => entry.email?.toLowerCase() === address.toLowerCase());
  if (user.email) return { email: user.email, verified: listed(user.email)?.verified === true };
  const pick =
    emails.find((entry) => entry.primary && entry.verified) ??
    emails.find((entry) => entry.verified) ??
    emails.find((entry) => entry.primary);
  return pick?.email ? { email: pick.email, verified: pick.verified === true } : null;
}

export function githubProvider(options: {
  clientId: string;
  clientSecret: string;
  label: string;
  endpoints: GitHubEndpoints;
  outbound: OutboundPolicy;
  logger: Logger;
}): GenericOAuthConfig {
  const { endpoints, outbound } = options;
  const log = options.logger.child({ component: 'auth', provider: 'github' });
  const tokenUrl = `${endpoints.webUrl}/login/oauth/access_token`;

  async function api<T>(path: string, accessToken: string): Promise<{ status: number; body: T | undefined }> {
    const answer = await outboundRequest(
      `${endpoints.apiUrl}${path}`,
      { headers: { ...JSON_HEADERS, authorization: `Bearer ${accessToken}` }, maxRedirects: 0 },
      outbound,
    );
    return { status: answer.status, body: parseJson(answer.body) as T | undefined };
  }

  return {
    providerId: 'github',
    name: options.label,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authorizationUrl: `${endpoints.webUrl}/login/oauth/authorize`,
    tokenUrl,
    // user:email lets GitHub answer with the verified primary address even when it is private.
    scopes: ['read:user', 'user:email'],
    pkce: true,
    disableImplicitSignUp: true,
    disableProviderLogout: true,
    async getToken({ code, redirectURI, codeVerifier }): Promise<OAuth2Tokens> {
      const request = await authorizationCodeRequest({
        code,
        codeVerifier,
        redirectURI,
        options: { clientId: options.clientId, clientSecret: options.clientSecret },
        tokenEndpoint: tokenUrl,
      });
      const answer = await outboundRequest(
        tokenUrl,
        {
          method: 'POST',
          headers: request.headers,
          body: new TextEncoder().encode(request.body.toString()),
          maxRedirects: 0,
        },
        outbound,
      );
      const data = parseJson(answer.body) as Record<string, unknown> | undefined;
      if (answer.status !== 200 || !data) {
        log.warn({ status: answer.status }, 'GitHub answered the code exchange with an error status');
        throw new GitHubSignInError(`GitHub answered the code exchange with HTTP ${answer.status}`);
      }
      if (typeof data.error === 'string') {
        const description = typeof data.error_description === 'string' ? data.error_description : '';
        log.warn({ error: data.error, description }, 'GitHub refused the authorisation code');
        throw new GitHubSignInError(
          `GitHub refused the authorisation code: ${data.error} ${description}`.trim(),
        );
      }
      if (typeof data.access_token !== 'string' || data.access_token === '') {
        throw new GitHubSignInError('GitHub answered the code exchange without an access token');
      }
      return getOAuth2Tokens(data);
    },
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const user = await api<GitHubUser>('/user', tokens.accessToken);
      if (user.status !== 200 || typeof user.body?.id !== 'number') {
        log.warn({ status: user.status }, 'GitHub did not answer who signed in');
        return null;
      }
      const emails = await api<GitHubEmail[]>('/user/emails', tokens.accessToken);
      const list = emails.status === 200 && Array.isArray(emails.body) ? emails.body : [];
      const chosen = chooseGitHubEmail(user.body, list);
      const profile: GenericOAuthUserInfo = {
        id: user.body.id,
        name: user.body.name || user.body.login || '',
        email: chosen?.email,
        emailVerified: chosen?.verified ?? false,
        login: user.body.login,
      };
      if (user.body.avatar_url) profile.image = user.body.avatar_url;
      return profile;
    },
  };
}
