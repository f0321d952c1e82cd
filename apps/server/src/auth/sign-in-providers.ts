import type { BetterAuthOptions } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { SignInConfig, SignInProviderId } from '../config/env';

/**
 * Identity providers through better-auth (ADR 037): Google, GitHub and Apple as its social providers,
 * any OpenID Connect provider through its generic OAuth plugin (discovery, PKCE, state, ID token checked
 * against the provider's keys and nonce). Every provider signs up only when asked to (`requestSignUp`,
 * which the sign-up screen sends once the terms are accepted): a first sign-in never creates an account.
 */

/** The web app's view of a provider: the id to send and the name on the button. */
export type PublicSignInProvider = { id: SignInProviderId; label: string };

export function publicSignInProviders(config: SignInConfig): PublicSignInProvider[] {
  return config.providers.map(({ id, label }) => ({ id, label }));
}

export function configuredProviderIds(config: SignInConfig): SignInProviderId[] {
  return config.providers.map((provider) => provider.id);
}

export function socialProviders(config: SignInConfig): NonNullable<BetterAuthOptions['socialProviders']> {
  const out: NonNullable<BetterAuthOptions['socialProviders']> = {};
  for (const provider of config.providers) {
    const common = {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      disableImplicitSignUp: true,
    };
    if (provider.id === 'google') out.google = { ...common, prompt: 'select_account' };
    // user:email lets GitHub answer with the verified primary address even when it is private.
    if (provider.id === 'github') out.github = { ...common, scope: ['user:email'] };
    if (provider.id === 'apple') out.apple = common;
  }
  return out;
}

export function genericOAuthProviders(config: SignInConfig): GenericOAuthConfig[] {
  const oidc = config.providers.find((provider) => provider.id === 'oidc');
  if (!oidc?.issuerUrl) return [];
  return [
    {
      providerId: 'oidc',
      name: oidc.label,
      discoveryUrl: `${oidc.issuerUrl}/.well-known/openid-configuration`,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      requireIdTokenVerification: true,
      disableImplicitSignUp: true,
      // Signing out of Lodestar does not sign the person out of their identity provider.
      disableProviderLogout: true,
    },
  ];
}

/** Apple answers the callback with a form POST from its own origin. */
export function providerOrigins(config: SignInConfig): string[] {
  return config.providers.some((provider) => provider.id === 'apple') ? ['https://appleid.apple.com'] : [];
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
