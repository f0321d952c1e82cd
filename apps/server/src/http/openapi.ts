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

/** Money as every response carries it: integer minor units and an ISO 4217 code. */
export const MoneySchema = z.object({ amountMinor: z.number().int(), currency: z.string() }).openapi('Money');

/** The first day the user's plan shows (its data-retention window, ADR 062); null: no window. */
export const VisibleFromSchema = z
  .string()
  .nullable()
  .openapi({
    description:
      "The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period " +
      'reaching further back starts here. Null when the plan has no window (self-hosted)',
  });

/** An account's or a connection's state (spec §4). */
export const AccountStatusSchema = z.enum(['active', 'syncing', 'needs_reauth', 'error', 'disconnected']);

type JsonValue = unknown;

/**
 * The document generator writes `.nullable()` of a named schema as
 * `allOf: [{ $ref }, { type: [..., 'null'] }]`, which no null satisfies (the referenced schema must hold
 * too) and which generated clients read as never null (asteasolutions/zod-to-openapi PR 387, open).
 * This rewrites every such node as `anyOf: [{ $ref }, { type: 'null' }]`, what `.nullable()` means.
 */
export function repairNullableRefs<T extends JsonValue>(node: T): T {
  if (Array.isArray(node)) return node.map(repairNullableRefs) as T;
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, repairNullableRefs(value)] as const);
  const object: Record<string, unknown> = Object.fromEntries(entries);
  const allOf = object.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 2) return object as T;
  const [reference, marker] = allOf as [Record<string, unknown>, Record<string, unknown>];
  const isReference = typeof reference.$ref === 'string' && Object.keys(reference).length === 1;
  const { type, ...markerRest } = marker;
  const isNullMarker =
    Array.isArray(type) &&
    type.includes('null') &&
    Object.keys(markerRest).every((key) => key !== 'properties');
  if (!isReference || !isNullMarker) return object as T;
  const { allOf: _allOf, ...rest } = object;
  return { ...rest, ...markerRest, anyOf: [reference, { type: 'null' }] } as T;
}
