import type { Context } from 'hono';
import type { AppEnv, SignedIn } from '../app-types';
import { AppError } from '../http/app-error';
import type { Auth } from './auth';

/** The signed-in user of this request (API key or session cookie), or a 401 'Authentication required'. */
export async function requireUser(c: Context<AppEnv>, auth: Auth): Promise<SignedIn> {
  const signedIn = await currentUser(c, auth);
  if (!signedIn) throw AppError.unauthorized();
  return signedIn;
}

/** The signed-in user of this request, or undefined when it carries no valid session (resolved once). */
export async function currentUser(c: Context<AppEnv>, auth: Auth): Promise<SignedIn | undefined> {
  const cached = c.get('signedIn');
  if (cached) return cached;
  if (!c.req.header('cookie')) return undefined;
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) return undefined;
  const signedIn: SignedIn = { userId: result.user.id, sessionId: result.session.id, user: result.user };
  c.set('signedIn', signedIn);
  return signedIn;
}
