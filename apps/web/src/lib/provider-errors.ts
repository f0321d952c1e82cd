/**
 * What went wrong, for the `?error=` a provider flow comes back with (better-auth's codes and ours;
 * docs/auth.md). Unknown codes get the general text.
 */
export function providerErrorMessage(code: string, allowedDomains: string[] = []): string {
  switch (code) {
    case 'signup_disabled':
      return 'No account uses that sign-in yet. Create an account with it first, or sign in another way and link it in Settings → Profile.';
    case 'account_not_linked':
      return 'An account with that email address already exists. Sign in to it with your password or passkey, then link the provider in Settings → Profile.';
    case 'EMAIL_DOMAIN_NOT_ALLOWED':
      return allowedDomains.length
        ? `Accounts on this server are for addresses at ${allowedDomains.join(', ')} only.`
        : 'Accounts on this server are not open to that email address.';
    case 'TERMS_NOT_ACCEPTED':
      return 'Please accept the Terms of Service and Privacy Policy first.';
    case 'access_denied':
      return 'Signing in was cancelled at the provider.';
    case 'account_already_linked_to_different_user':
      return 'That sign-in is already linked to another Lodestar account.';
    case 'invalid_code':
      return 'The provider did not accept this sign-in (it may have expired or been used already). Please try again.';
    case 'email_not_found':
      return 'The provider did not share an email address, which Lodestar needs.';
    default:
      return 'Signing in through the provider did not work. Please try again.';
  }
}
