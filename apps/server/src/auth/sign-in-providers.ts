import type { OAuth2Tokens } from 'better-auth/oauth2';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import { decodeJwt } from 'jose';
import type { Config, SignInConfig, SignInProviderId } from '../config/env';
import type { Logger } from '../logger';
import { githubProvider } from './github-identity';

/**
 * Identity providers through better-auth's generic OAuth plugin (ADR 037, ADR 049): Google, Apple and any
 * OpenID Connect provider by discovery (state, PKCE where the provider supports it, ID token checked
 * against the provider's keys and nonce), GitHub as plain OAuth 2. Every provider signs up only when
 * asked to (`requestSignUp`, which the sign-up screen sends once the terms are accepted): a first sign-in
 * never creates an account.
 */

/** The web app's view of a provider: the id to send and the name on the button. */
export type PublicSignInProvider = { id: SignInProviderId; label: string };

export function publicSignInProviders(config: SignInConfig): PublicSignInProvider[] {
  return config.providers.map(({ id, label }) => ({ id, label }));
}

export function configuredProviderIds(config: SignInConfig): SignInProviderId[] {
  return config.providers.map((provider) => provider.id);
}

type ProviderDeps = {
  signIn: SignInConfig;
  outbound: Pick<Config['outbound'], 'allowPrivate'>;
  logger: Logger;
};

/**
 * Every provider through better-auth's generic OAuth plugin (ADR 037, ADR 049), so each one's address can
 * be overridden (GOOGLE_ISSUER_URL, APPLE_ISSUER_URL, GITHUB_URL, GITHUB_API_URL, OIDC_ISSUER_URL) and
 * tested against a fake. Provider ids are the same as when Google, GitHub and Apple were better-auth's
 * social providers, and so are the callback path (`/api/auth/callback/<id>`) and the account key (the
 * OpenID `sub`, GitHub's numeric user id): identities linked before keep signing in.
 */
export function genericOAuthProviders({ signIn, outbound, logger }: ProviderDeps): GenericOAuthConfig[] {
  const out: GenericOAuthConfig[] = [];
  for (const provider of signIn.providers) {
    const common = {
      providerId: provider.id,
      name: provider.label,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      disableImplicitSignUp: true,
      // Signing out of Lodestar does not sign the person out of their identity provider.
      disableProviderLogout: true,
    };
    if (provider.id === 'github' && provider.github) {
      out.push(
        githubProvider({
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          label: provider.label,
          endpoints: provider.github,
          outbound: { allowPrivate: outbound.allowPrivate },
          logger,
        }),
      );
      continue;
    }
    if (!provider.issuerUrl) continue;
    // OpenID Connect by discovery: the ID token's signature is checked against the issuer's JWKS, with
    // issuer, audience and the nonce this flow sent.
    const oidc = {
      ...common,
      discoveryUrl: `${provider.issuerUrl}/.well-known/openid-configuration`,
      requireIdTokenVerification: true,
    };
    if (provider.id === 'google') {
      out.push({ ...oidc, scopes: ['openid', 'email', 'profile'], pkce: true, prompt: 'select_account' });
    } else if (provider.id === 'apple') {
      // Apple documents neither PKCE nor a userinfo endpoint: state and the ID token's nonce bind the
      // code to this browser's flow. Asking for the name or the address makes Apple answer with a form
      // POST (response_mode=form_post), whose `user` field carries the name on the first sign-in only.
      out.push({
        ...oidc,
        scopes: ['openid', 'name', 'email'],
        pkce: false,
        responseMode: 'form_post',
        getUserInfo: appleUserInfo,
      });
    } else {
      out.push({ ...oidc, scopes: ['openid', 'email', 'profile'], pkce: true });
    }
  }
  return out;
}

/**
 * Apple's identity: the ID token's claims (better-auth verified its signature, issuer, audience and nonce
 * before calling this) and, on the first sign-in only, the name from the form's `user` field.
 */
async function appleUserInfo(
  tokens: OAuth2Tokens & { user?: unknown },
): Promise<GenericOAuthUserInfo | null> {
  if (!tokens.idToken) return null;
  const claims = decodeJwt(tokens.idToken);
  if (typeof claims.sub !== 'string') return null;
  const given = (tokens.user as { name?: { firstName?: unknown; lastName?: unknown } } | undefined)?.name;
  const name = [given?.firstName, given?.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return {
    sub: claims.sub,
    id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    // Apple sends "true"/"false" as text or as a boolean.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name,
  };
}

/** Where Apple's form POST lands (better-auth turns it into a GET of the same callback). */
export const APPLE_FORM_POST_CALLBACK = '/api/auth/callback/apple';

/**
 * Apple answers the callback with a form POST from its own origin (APPLE_ISSUER_URL's), which better-auth
 * must then trust.
 */
export function providerOrigins(config: SignInConfig): string[] {
  return config.providers.flatMap((provider) =>
    provider.id === 'apple' && provider.issuerUrl ? [new URL(provider.issuerUrl).origin] : [],
  );
}

/** Whether an address may sign up under ALLOWED_EMAIL_DOMAINS (any, when the list is empty). */
export function emailDomainAllowed(config: SignInConfig, email: string): boolean {
  if (config.allowedEmailDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return config.allowedEmailDomains.includes(domain);
}

export const SIGN_IN_MESSAGES = {
  passwordSignUpOff: 'This server creates accounts through single sign-on only',
  domainNotAllowed: (domains: string[]) =>
    `Accounts on this server are for addresses at ${domains.join(', ')} only`,
} as const;
