import { PASSWORD_MESSAGES } from '@lodestar/domain';
/**
 * Spec §8 toasts of the profile, security and danger-zone settings, in one place. Field validation
 * messages are not here: they come from @lodestar/domain (MESSAGES, changePasswordSchema, …).
 */
export const SETTINGS_TOASTS = {
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  profileLoadFailed: 'Failed to load profile',
  verificationSent: 'Verification email sent',
  verificationSendFailed: 'Failed to send verification email',
  copied: 'Copied to clipboard',
  codeCopied: 'Code copied',
  allCodesCopied: 'All recovery codes copied',
  copyFailed: 'Failed to copy to clipboard',
  copyFailedDescription: 'Please try selecting and copying manually',
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  passwordSet: 'Password set: you can now also sign in with your email address',
  passwordSetFailed: 'Failed to set a password',
  signInAgainFailed: 'Could not open the sign-in page',
  passwordBreached: PASSWORD_MESSAGES.breached,
  twoFactorStartFailed: 'Failed to start 2FA setup',
  invalidCode: 'Invalid verification code',
  twoFactorEnabled: 'Two-factor authentication enabled!',
  noFactors: 'No MFA factors found',
  factorsFetchFailed: 'Failed to fetch MFA factors',
  incorrectPassword: 'Incorrect password',
  twoFactorDisableFailed: 'Failed to disable 2FA',
  twoFactorDisabled: 'Two-factor authentication disabled',
  signedOut: 'Signed out successfully',
  signOutFailed: 'Failed to sign out',
  accountDeleted: 'Account deleted successfully',
  accountDeletedDescription: 'You will be redirected to the homepage',
  accountDeleteFailed: 'Failed to delete account',
  passkeyAdded: 'Passkey added',
  passkeyAddFailed: 'Failed to add passkey',
  passkeyDeleted: 'Passkey deleted',
  passkeyDeleteFailed: 'Failed to delete passkey',
  sessionRevoked: 'Session revoked',
  sessionRevokeFailed: 'Failed to revoke session',
} as const;

/** Texts of the Market News group in the financial section (the settings search looks through them). */
export const NEWS_TEXTS = {
  group: 'Market News',
  groupDescription: 'Which headlines the news cards on Assets and on each security show.',
  sources: 'News Sources',
  sourcesDescription:
    'Show headlines only from these publishers, named as the news shows them. None listed: every publisher.',
  sourceInput: 'Publisher name',
  sourcesEmpty: 'Every publisher',
  seen: 'Publishers in your recent news',
  seenDescription:
    'From the headlines about your holdings, your watchlist and the markets in the last 30 days. Tick a publisher to show only the ticked ones.',
  seenEmpty:
    'No headlines in the last 30 days yet: publishers appear here once the news on Assets has been shown. You can still type a name.',
  seenLoading: 'Loading publishers…',
  seenError: 'Failed to load the publishers of your recent news',
  types: 'News Types',
  typesDescription: 'Videos are the items the news feed marks as video; everything else is an article.',
} as const;
