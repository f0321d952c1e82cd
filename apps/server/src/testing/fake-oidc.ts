import { OAuth2Server } from 'oauth2-mock-server';

/**
 * An OpenID Connect provider on 127.0.0.1 (oauth2-mock-server): discovery, authorisation code with PKCE
 * (it refuses a verifier that does not match the challenge), RS256 ID tokens with the nonce, JWKS,
 * userinfo. Its authorisation endpoint signs in at once as whoever `signInAs` names, the way a real
 * provider's login page would for that person.
 */

export type FakeIdentity = { sub: string; email: string; emailVerified?: boolean; name?: string };

export type FakeOidc = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorisations sign in as. */
  signInAs(identity: FakeIdentity): void;
  close(): Promise<void>;
};

export async function startFakeOidc(): Promise<FakeOidc> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuerUrl = server.issuer.url ?? '';
  let current: FakeIdentity = { sub: 'fake-subject', email: 'someone@example.com', emailVerified: true };
  const byCode = new Map<string, FakeIdentity>();

  server.service.on('beforeAuthorizeRedirect', (authorize: { url: URL }) => {
    const code = authorize.url.searchParams.get('code');
    if (code) byCode.set(code, current);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body?: Record<string, unknown> }) => {
      const code = typeof req.body?.code === 'string' ? req.body.code : undefined;
      const who = (code && byCode.get(code)) || current;
      Object.assign(token.payload, {
        sub: who.sub,
        email: who.email,
        email_verified: who.emailVerified ?? true,
        name: who.name ?? 'Sam Rivera',
      });
    },
  );
  server.service.on('beforeUserinfo', (userinfo: { body: Record<string, unknown> }) => {
    Object.assign(userinfo.body, {
      sub: current.sub,
      email: current.email,
      email_verified: current.emailVerified ?? true,
      name: current.name ?? 'Sam Rivera',
    });
  });
  return {
    issuerUrl,
    clientId: 'lodestar-test-client',
    clientSecret: 'lodestar-test-client-secret',
    signInAs(identity) {
      current = identity;
    },
    close: () => server.stop(),
  };
}
