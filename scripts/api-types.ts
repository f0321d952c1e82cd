// `npm run api-types`: writes the web app's API types from the server's OpenAPI document (no server,
// no database needed). `npm run check:api-types` (`--check`): exits 1 when the committed file is stale.
import { relative } from 'node:path';
import { WEB_API_TYPES_PATH, webApiTypesAreCurrent, writeWebApiTypes } from '@lodestar/server/openapi-types';

const file = relative(process.cwd(), WEB_API_TYPES_PATH);
if (process.argv.includes('--check')) {
  const { current } = await webApiTypesAreCurrent();
  if (!current) {
    console.error(
      `${file} is stale: the server's OpenAPI document changed. Run \`npm run api-types\` and commit the result.`,
    );
    process.exit(1);
  }
  console.warn(`${file} matches the server's OpenAPI document.`);
} else {
  await writeWebApiTypes();
  console.warn(`Wrote ${file}.`);
}
