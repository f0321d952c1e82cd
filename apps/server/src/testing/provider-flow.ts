import type { TestBrowser } from './browser';

/**
 * The browser's side of a sign-in through an identity provider, for tests: Lodestar answers the
 * provider's address, the provider (a loopback fake) sends the browser back with a code, and Lodestar's
 * callback says where to go next.
 */

export const SIGN_UP = { requestSignUp: true, termsAccepted: true };

/** Starts a sign-in (or sign-up) in this browser: the provider address it is sent to. */
export async function startProviderFlow(
  browser: TestBrowser,
  provider: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const answer = await browser.json<{ url?: string }>('/api/auth/sign-in/social', {
    body: { provider, callbackURL: '/dashboard', errorCallbackURL: '/sign-in', ...body },
  });
  if (answer.status !== 200 || !answer.body.url)
    throw new Error(`start failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.url;
}

/** Back at Lodestar's callback: where it sends the browser next. */
export async function providerCallback(browser: TestBrowser, back: URL): Promise<string> {
  const answer = await browser.request(back.pathname + back.search);
  if (answer.status !== 302) throw new Error(`callback answered ${answer.status}`);
  return answer.headers.get('location') ?? '';
}
