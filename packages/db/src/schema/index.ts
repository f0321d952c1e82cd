import { appInstance } from './app-instance';
import {
  account,
  authEvent,
  emailOutbox,
  passkey,
  passwordConfirmation,
  session,
  twoFactor,
  user,
  verification,
} from './auth';
import { userPreferences } from './preferences';

export * from './app-instance';
export * from './auth';
export * from './preferences';

export const schema = {
  appInstance,
  user,
  session,
  account,
  verification,
  twoFactor,
  passkey,
  authEvent,
  passwordConfirmation,
  emailOutbox,
  userPreferences,
};
export type Schema = typeof schema;
