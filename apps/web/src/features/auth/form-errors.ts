import { MESSAGES } from '@lodestar/domain';

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message per field of a zod error, keyed by the field's top-level name. */
export function firstIssueByField(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Sign-in and sign-up errors by field. The domain puts 'Please enter your email and password' on the
 * email; it is shown under whichever of the two is empty first, and both empty fields are marked.
 */
export function credentialErrors(
  issues: readonly Issue[],
  values: { email: string; password: string },
): { errors: Record<string, string>; missing: { email: boolean; password: boolean } } {
  const errors = firstIssueByField(issues);
  const missing = { email: false, password: false };
  if (errors.email === MESSAGES.enterEmailAndPassword) {
    missing.email = !values.email.trim();
    missing.password = !values.password;
    if (!missing.email) {
      delete errors.email;
      errors.password = MESSAGES.enterEmailAndPassword;
    }
  }
  return { errors, missing };
}

/** The first error in the order the fields appear on screen. */
export function firstInOrder(errors: Record<string, string | undefined>, order: readonly string[]) {
  for (const field of order) {
    const message = errors[field];
    if (message) return { field, message };
  }
  return undefined;
}
