import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-types';

/** One documented operation of the API, as the OpenAPI registry declares it. */
export type Operation = {
  method: string;
  /** The documented path, relative to /api/v1: '/accounts/{id}'. */
  path: string;
  /** Declared with `security: []`: answers without a session. */
  public: boolean;
  /** Security schemes any of which signs the request in ('cookieAuth', 'cronSecret', …). */
  schemes: string[];
};

type Matcher = { operation: Operation; pattern: RegExp; params: string[] };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds the documented operation a request is for, from the app's OpenAPI registry (read on first use,
 * after every router is mounted), so request-wide rules such as "authenticate before validating" follow
 * the document and cover a new endpoint without a list to keep up to date.
 */
export function operationIndex(api: OpenAPIHono<AppEnv>, basePath: string) {
  let matchers: Matcher[] | undefined;
  const build = (): Matcher[] =>
    api.openAPIRegistry.definitions.flatMap((definition) => {
      if (definition.type !== 'route') return [];
      const { method, path, security } = definition.route;
      const params: string[] = [];
      const source = path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (!name) return escape(part);
          params.push(name);
          return '([^/]+)';
        })
        .join('');
      const schemes = (security ?? []).flatMap((requirement) => Object.keys(requirement));
      return [
        {
          operation: { method: method.toUpperCase(), path, public: security?.length === 0, schemes },
          pattern: new RegExp(`^${source}$`),
          params,
        },
      ];
    });

  return {
    /** The operation for a method and full request path, with its decoded path parameters. */
    match(
      method: string,
      fullPath: string,
    ): { operation: Operation; params: Record<string, string> } | undefined {
      matchers ??= build();
      if (!fullPath.startsWith(basePath)) return undefined;
      const path = fullPath.slice(basePath.length) || '/';
      const wanted = method === 'HEAD' ? 'GET' : method;
      for (const matcher of matchers) {
        if (matcher.operation.method !== wanted) continue;
        const found = matcher.pattern.exec(path);
        if (!found) continue;
        const params: Record<string, string> = {};
        matcher.params.forEach((name, index) => {
          const raw = found[index + 1] ?? '';
          try {
            params[name] = decodeURIComponent(raw);
          } catch {
            params[name] = raw;
          }
        });
        return { operation: matcher.operation, params };
      }
      return undefined;
    },
  };
}

export type OperationIndex = ReturnType<typeof operationIndex>;
