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

export * from './app-instance';
export * from './auth';

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
};
export type Schema = typeof schema;
