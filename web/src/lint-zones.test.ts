// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own ESLint configuration, run on fixture text placed at real file paths, so the
// test proves the zones as `npx eslint .` applies them.
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function zoneMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'web/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'web/zones').map((m) => m.message);
}

const feature = 'features/landing/components/LandingPage.tsx';

// The first lint loads the TypeScript program for typed rules: slow once, then quick.
beforeAll(() => zoneMessages(feature, 'export {};\n'), 120_000);

describe('web import zones', () => {
  it('a feature importing app/ fails', async () => {
    expect(await zoneMessages(feature, "import { Layout } from '../../../app/Layout';\nexport const x = Layout;\n")).toEqual([
      expect.stringMatching(/Features do not import app\//),
    ]);
  });

  it('a feature importing another feature fails, at any depth', async () => {
    expect(await zoneMessages(feature, "import { fetchProducts } from '../../projects/api/catalogue';\nexport const x = fetchProducts;\n")).toEqual([
      expect.stringMatching(/"landing" imports "projects"/),
    ]);
    expect(await zoneMessages('features/projects/api/catalogue.ts', "export { Banner } from '../../banner/components/Banner';\n")).toEqual([
      expect.stringMatching(/"projects" imports "banner"/),
    ]);
  });

  it('shared code importing a feature fails', async () => {
    expect(await zoneMessages('lib/pictures.ts', "import { LandingPage } from '../features/landing/components/LandingPage';\nexport const x = LandingPage;\n")).toEqual([
      expect.stringMatching(/Shared code in lib\//),
    ]);
  });

  it('a feature importing its own folder, lib/ and components/ passes; app/ may import features', async () => {
    const ok = "import { typePicture } from '../../../lib/pictures';\nimport { Alert } from '../../../components/Alert';\nexport const x = [typePicture, Alert];\n";
    expect(await zoneMessages(feature, ok)).toEqual([]);
    expect(await zoneMessages('app/routes.tsx', "export { LandingPage } from '../features/landing/components/LandingPage';\n")).toEqual([]);
  });
});
