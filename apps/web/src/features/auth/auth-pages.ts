/** The authentication pages of spec §2, by their first path segment. */
const AUTH_PAGE_TEXT = {
  'sign-in': { title: 'Sign in', purpose: 'Sign in with your email and password.' },
  'sign-up': {
    title: 'Create your account',
    purpose: 'Create an account with your email and a password of at least 12 characters.',
  },
  'forgot-password': {
    title: 'Reset your password',
    purpose: 'Get an email with a link to choose a new password.',
  },
  'reset-password': {
    title: 'Choose a new password',
    purpose: 'Set a new password from the link in your email.',
  },
  'verify-email': {
    title: 'Verify your email',
    purpose: 'Confirm your email address from the link we sent.',
  },
  'two-factor': {
    title: 'Two-factor authentication',
    purpose: 'Enter the 6-digit code from your authenticator app.',
  },
  'auth-code-error': {
    title: 'This link did not work',
    purpose: 'The sign-in link is invalid or has expired. Links can be used once.',
  },
} as const satisfies Record<string, { title: string; purpose: string }>;

type AuthPageId = keyof typeof AUTH_PAGE_TEXT;

function isAuthPageId(value: string | undefined): value is AuthPageId {
  return value !== undefined && Object.hasOwn(AUTH_PAGE_TEXT, value);
}

/** Title and purpose of the page at `pathname` (paths match by prefix, so /sign-in/x is sign-in). */
export function authPageText(pathname: string): { title: string; purpose: string } {
  const id = pathname.split('/')[1];
  return isAuthPageId(id) ? AUTH_PAGE_TEXT[id] : AUTH_PAGE_TEXT['sign-in'];
}
