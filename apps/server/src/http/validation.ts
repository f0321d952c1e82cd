import { validationItems } from '@lodestar/domain';
import type { z } from 'zod';
import { AppError } from './app-error';

/**
 * The OpenAPIHono default hook: every route's request validation failure becomes the one
 * 400 'Validation failed' envelope, whatever the route.
 */
export function validationHook(result: { success: true } | { success: false; error: z.ZodError }): void {
  if (!result.success) throw AppError.validation(validationItems(result.error.issues));
}
