import { z } from '@hono/zod-openapi';

/** OpenAPI building blocks every router shares: the success envelope, a JSON response, a JSON body. */

/** The session cookie, declared once on the document (app.ts) and referenced by every signed-in route. */
export const COOKIE_AUTH = [{ cookieAuth: [] }];

export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** A response whose body is the success envelope around `schema`. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: envelope(schema) } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
