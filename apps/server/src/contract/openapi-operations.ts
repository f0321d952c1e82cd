import type { App } from '../app';

/**
 * The operations of the running app's own OpenAPI document (/api/v1/openapi.json), read at test time:
 * the contract suites iterate over these, so an endpoint added tomorrow is covered without anyone
 * adding it to a list.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
  additionalProperties?: unknown;
};

export type ContractOperation = {
  method: string;
  /** As documented, relative to /api/v1: '/accounts/{id}'. */
  path: string;
  /** `security: []` in the document. */
  public: boolean;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  label: string;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export async function loadOperations(
  app: App,
): Promise<{ operations: ContractOperation[]; resolve: (s: JsonSchema) => JsonSchema }> {
  const response = await app.request('/api/v1/openapi.json');
  if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`);
  const document = (await response.json()) as Document;
  const schemas = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    const name = schema.$ref?.replace('#/components/schemas/', '');
    return name ? resolve(schemas[name] ?? {}) : schema;
  };
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        ...(body && { body: resolve(body) }),
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return { operations, resolve };
}

/** The documented path with its parameters filled in (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * A small valid value for a schema: required properties (and the optional ones, unless told not to), the
 * first enum value, a date of today, the minimum of a number. `hints` give values by property name
 * (ids the caller owns, a real currency) where a schema alone cannot say what is valid.
 */
export function exampleOf(
  schema: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  hints: Record<string, unknown> = {},
  name = '',
): unknown {
  const s = resolve(schema);
  if (name in hints) return hints[name];
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum.find((value) => value !== null) ?? s.enum[0];
  const first = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (first) return exampleOf(first, resolve, hints, name);
  const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type];
  switch (types[0]) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(s.properties ?? {}))
        out[key] = exampleOf(inner, resolve, hints, key);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        exampleOf(s.items ?? {}, resolve, hints, name),
      );
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.pattern === '^\\d{6}$') return '123456';
      return 'Example';
    default:
      return {};
  }
}
