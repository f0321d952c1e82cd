/**
 * The spec's exact input messages (spec §5), shared by the schemas of validation.ts and preferences.ts
 * and by the screens. Plain constants in a module of their own, so a page that needs a message does not
 * load a schema library with it.
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email address is too long',
  emailInvalid: 'Invalid email format',
  enterEmailAndPassword: 'Please enter your email and password',
  enterValidEmail: 'Please enter a valid email address',
  acceptTerms: 'Please accept the Terms of Service and Privacy Policy',
  currentPasswordRequired: 'Current password is required',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  nameCharacters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  invalidAmount: 'Invalid amount',
  positiveNumber: 'Please enter a valid positive number',
  invalidTheme: 'Invalid theme selection',
  sixDigitCode: 'Please enter a 6-digit code',
  enterPassword: 'Please enter your password',
  currentPasswordIncorrect: 'Current password is incorrect',
  validationFailed: 'Validation failed',
} as const;
