import { PASSWORD_MESSAGES } from '@lodestar/domain';
export { NO_EMAIL } from '@/lib/server-config';
/**
 * Spec §8 toasts and the other texts of the sign-in, sign-up, reset and second-factor screens, in one
 * place. Field validation messages are not here: they come from @lodestar/domain (MESSAGES, the
 * schemas and password rules).
 */
export const AUTH_TOASTS = {
  invalidCredentials: 'Invalid credentials. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  signUpFailed: 'Failed to create account',
  passwordBreached: PASSWORD_MESSAGES.breached,
  welcomeBack: 'Welcome back! Redirecting to your dashboard...',
  welcome: 'Welcome! Redirecting to your dashboard...',
  resetSending: 'Sending password reset link...',
  resetSent: 'Password reset link sent! Check your email.',
  resetSendFailed: 'Failed to send reset email. Please try again.',
  passwordChanged: 'Password changed successfully',
  passwordResetFailed: 'Failed to reset password',
  invalidCode: 'Invalid verification code',
  signedOut: 'Signed out successfully',
  signOutFailed: 'Failed to sign out',
  passkeyFailed: 'Could not sign in with a passkey',
  passkeyFailedDescription: 'Try again, or sign in with your email and password.',
  verificationSent: 'Verification email sent',
  verificationSendFailed: 'Failed to send verification email',
  tooManyAttemptsLater: 'Too many attempts. Please try again later.',
} as const;

/** Shown under the recovery-code field when it is submitted blank. */
export const ENTER_RECOVERY_CODE = 'Please enter a recovery code';
