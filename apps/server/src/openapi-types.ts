import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from './openapi-document';

/** Where the web app's API types live (committed; `npm run api-types` rewrites it). */
export const WEB_API_TYPES_PATH = fileURLToPath(
  new URL('../../web/src/lib/api-schema.gen.ts', import.meta.url),
);

const HEADER = `/**
 * Generated from the server's OpenAPI document (/api/v1/openapi.json) by \`npm run api-types\`.
 * Do not edit: change the route's schema in apps/server and run the script again.
 * \`npm run check:api-types\` (in CI) fails when this file is stale.
 */

`;

/** The TypeScript types of the API (openapi-typescript's \`paths\`), formatted as the repository formats code. */
export async function generateWebApiTypes(): Promise<string> {
  const document = await buildOpenApiDocument();
  const ast = await openapiTS(document as unknown as OpenAPI3);
  const source = HEADER + astToString(ast);
  const options = (await resolveConfig(WEB_API_TYPES_PATH)) ?? {};
  return format(source, { ...options, filepath: WEB_API_TYPES_PATH });
}

/** Whether the committed file equals what the server's document generates today. */
export async function webApiTypesAreCurrent(): Promise<{ current: boolean; expected: string }> {
  const expected = await generateWebApiTypes();
  const committed = await readFile(WEB_API_TYPES_PATH, 'utf8').catch(() => '');
  return { current: committed === expected, expected };
}

export async function writeWebApiTypes(): Promise<void> {
  await writeFile(WEB_API_TYPES_PATH, await generateWebApiTypes());
}
