import type { Context } from 'hono';
import type { AppEnv, SignedIn } from '../app-types';
import { AppError } from '../http/app-error';
import type { Auth } from './auth';

/** The signed-in user of this request (session cookie), or a 401 'Authentication required'. */
export async function requireUser(c: Context<AppEnv>, auth: Auth): Promise<SignedIn> {
  const cached = c.get('signedIn');
  if (cached) return cached;
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) throw AppError.unauthorized();
  const signedIn: SignedIn = { userId: result.user.id, sessionId: result.session.id, user: result.user };
  c.set('signedIn', signedIn);
  return signedIn;
}
