import type { z } from 'zod';
import { AppError, type ValidationItem } from './app-error';

/** Turns zod issues into the spec's validation items: `{ field, message, code }`. */
export function validationItems(issues: z.core.$ZodIssue[]): ValidationItem[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
    code: issue.code,
  }));
}

/**
 * The OpenAPIHono default hook: every route's request validation failure becomes the one
 * 400 'Validation failed' envelope, whatever the route.
 */
export function validationHook(result: { success: true } | { success: false; error: z.ZodError }): void {
  if (!result.success) throw AppError.validation(validationItems(result.error.issues));
}
