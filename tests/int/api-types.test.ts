import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../support/shop.js';

/**
 * The web app's API types are generated from the document the server serves. This test
 * regenerates them from /api/openapi.json and fails when the committed file differs, so a
 * changed endpoint cannot leave the web app with stale types.
 * `npm run api-types` (UPDATE_API_TYPES=1) rewrites the file instead.
 */
const generatedFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/generated/openapi.ts');
const HEADER = '// Generated from /api/openapi.json by openapi-typescript: do not edit. `npm run api-types` regenerates it.\n\n';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.stop();
});

describe('generated API types', () => {
  it('match the OpenAPI document the server serves', async () => {
    const document = (await (await fetch(`${shop.url}/api/openapi.json`)).json()) as Parameters<typeof openapiTS>[0];
    const generated = HEADER + astToString(await openapiTS(document, { alphabetize: true }));
    if (process.env.UPDATE_API_TYPES === '1') await writeFile(generatedFile, generated);
    const committed = await readFile(generatedFile, 'utf8').catch(() => '(missing)');
    expect(committed, 'web/generated/openapi.ts is stale: run `npm run api-types`').toBe(generated);
  });
});
