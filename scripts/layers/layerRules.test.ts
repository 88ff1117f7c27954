/**
 * The layer table's probes: imports that must fail the lint, and their
 * allowed neighbours, through the same engine `npm run lint` runs; then the
 * whole tree, which must follow the table.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles, importsOf, importTarget, isChecked, layerViolation, treeFiles } from './checkLayers';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ruleOf = (file: string, specifier: string, typeOnly = false) =>
  layerViolation(file, specifier, { typeOnly })?.name ?? null;

describe('probes that break the table', () => {
  it.each([
    ['server/model/Model.ts', 'better-auth', 'framework-is-auth-agnostic'],
    ['server/model/Model.ts', 'better-auth/plugins', 'framework-is-auth-agnostic'],
    ['server/storage/Asset.ts', '@better-auth/utils', 'framework-is-auth-agnostic'],
    ['server/model/Model.ts', '../../controllers', 'framework-knows-no-app'],
    ['server/model/Model.ts', '@/controllers', 'framework-knows-no-app'],
    ['server/http/trpc.ts', '@/db/models', 'framework-knows-no-app'],
    ['server/index.ts', '../env', 'framework-knows-no-app'],
    ['scripts/dev.ts', '../server/shared/withTimeout', 'entry-points-only'],
    ['scripts/dev.ts', '@/server/model/Model', 'entry-points-only'],
    ['app/page.tsx', '@/server/storage/s3Client', 'entry-points-only'],
    ['playwright.config.ts', './server/storage/s3Client', 'entry-points-only'],
    ['db/models/User.ts', '@/backend/context', 'db-below-backend'],
    ['db/models/User.ts', '@/controllers/TeamController', 'db-below-backend'],
    ['backend/context.ts', '@/controllers/TeamScopedController', 'backend-below-controllers'],
    ['controllers/TeamController.ts', '@/app/lib/getCurrentSession', 'controllers-below-app'],
    ['app/teams/[teamId]/page.tsx', '@/db/models', 'pages-read-through-controllers'],
    ['app/components/members/MembersTable.tsx', '../../../db/database', 'pages-read-through-controllers'],
    ['server/shared/int4.ts', '../model', 'shared-is-the-base'],
    ['server/index.ts', './codegen', 'codegen-is-build-time'],
    ['server/model/Model.ts', '../controller/errors', 'model-is-the-bottom'],
    ['server/controller/dispatch.ts', '../http/trpc', 'controller-below-adapters'],
    ['server/http/trpc.ts', '../storage', 'http-below-storage'],
    ['server/storage/Asset.ts', '../client/useUpload', 'storage-not-client'],
    ['server/client/useUpload.ts', 'postgres', 'client-is-browser-code'],
    ['server/client/useUpload.ts', '../model', 'client-is-browser-code'],
  ])('%s importing %s breaks %s', (file, specifier, rule) => {
    expect(ruleOf(file, specifier)).toBe(rule);
  });
});

describe('imports the table allows', () => {
  it.each([
    ['scripts/dev.ts', '../server/shared'],
    ['scripts/dev.ts', '../server/testing'],
    ['scripts/gen.test.ts', '@/server/testing/clientFixtures'],
    ['backend/sessionRoutes.test.ts', '@/controllers/testClient'],
    ['app/page.tsx', '@/server'],
    ['app/page.tsx', '@/server/client'],
    ['app/api/health/route.ts', '@/db/database'],
    ['app/api/deepJson.test.ts', '@/db/database'],
    ['db/schema.ts', '@/server/schema'],
    ['backend/auth/auth.ts', 'better-auth'],
    ['server/model/Model.ts', './ModelBase'],
    ['server/model/Model.ts', '../shared'],
    ['server/http/trpc.ts', '../controller/errors'],
    ['server/shared/index.ts', './int4'],
    ['server/codegen/index.ts', './describeController'],
    ['scripts/gen.ts', '../server/codegen'],
    ['server/modelling/x.ts', '../storage'],
  ])('%s importing %s', (file, specifier) => {
    expect(ruleOf(file, specifier)).toBeNull();
  });

  it('lets browser code import types, not values, from the server layers', () => {
    expect(ruleOf('server/client/jsonTypes.ts', '../model', true)).toBeNull();
    expect(ruleOf('server/client/jsonTypes.ts', '../model', false)).toBe('client-is-browser-code');
  });
});

describe('reading imports', () => {
  it('finds static, dynamic, re-exported and type-only imports', () => {
    const found = importsOf(
      [
        "import { a } from './a';",
        "import type { B } from './b';",
        "import { type C, type D } from './c';",
        "import { type E, f } from './e';",
        "export { g } from './g';",
        "import './side-effect';",
        "const h = await import('./h');",
      ].join('\n'),
    );
    expect(found).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: './c', typeOnly: true },
      { specifier: './e', typeOnly: false },
      { specifier: './g', typeOnly: false },
      { specifier: './side-effect', typeOnly: false },
      { specifier: './h', typeOnly: false },
    ]);
  });

  it('resolves aliases, relative paths, index files and packages', () => {
    expect(importTarget('scripts/dev.ts', '../server/shared/index.ts')).toBe('server/shared');
    expect(importTarget('server/model/Model.ts', '../../controllers')).toBe('controllers');
    expect(importTarget('app/page.tsx', '@/server')).toBe('server');
    expect(importTarget('app/page.tsx', '@better-auth/utils/hash')).toBe('npm:@better-auth/utils');
  });
});

describe('files the lint reads', () => {
  /** A throwaway tree holding the given files, run through the same file walk as `npm run lint`. */
  function lintTree(files: Record<string, string>): string[] {
    const root = mkdtempSync(path.join(tmpdir(), 'layers-'));
    try {
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      }
      return checkFiles(root, Object.keys(files)).map(({ file, rule }) => `${file}: ${rule.name}`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it('reads backend/: an import up into the controllers fails the lint', () => {
    expect(
      lintTree({
        'backend/context.ts': "import { TeamScopedController } from '@/controllers/TeamScopedController';\n",
        'backend/jobs.ts': "import { api } from '@/controllers/testClient';\n",
        'backend/jobs.test.ts': "import { api } from '@/controllers/testClient';\n",
      }),
    ).toEqual(['backend/context.ts: backend-below-controllers', 'backend/jobs.ts: backend-below-controllers']);
  });

  // `npm run demo:remove` and `destroy scaffold` delete files, and the docs say to run `npm test` before
  // committing: the lint then read the deleted files git still tracked and crashed with ENOENT.
  it('reads what is on disk: a tracked file deleted before the commit is not read, a new one is', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'layers-git-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: root });
    try {
      mkdirSync(path.join(root, 'db'));
      writeFileSync(path.join(root, 'db/kept.ts'), 'export {};\n');
      writeFileSync(path.join(root, 'db/gone.ts'), 'export {};\n');
      git('init', '-q');
      git('add', '-A');
      git('commit', '-qm', 'files');
      rmSync(path.join(root, 'db/gone.ts'));
      writeFileSync(path.join(root, 'db/new.ts'), 'export {};\n');
      const files = treeFiles(root);
      expect(files.sort()).toEqual(['db/kept.ts', 'db/new.ts']);
      expect(checkFiles(root, files)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  // docs/development.md: "copy the folder (or git clone it and delete .git)". Without a repository the lint
  // stopped at `git ls-files` with "fatal: not a git repository".
  it('walks the folder when it is not a git repository, skipping dependencies and build output', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'layers-nogit-'));
    try {
      for (const file of ['db/kept.ts', 'node_modules/pkg/index.ts', '.next/server/app.js', 'next-env.d.ts']) {
        mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
        writeFileSync(path.join(root, file), 'export {};\n');
      }
      expect(treeFiles(root)).toEqual(['db/kept.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('leaves no source file of the tree unread', () => {
    const sources = treeFiles(ROOT).filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file));
    expect(sources.filter((file) => !isChecked(file))).toEqual([]);
  });
});

it('the whole tree follows the table', () => {
  const violations = checkFiles(ROOT, treeFiles(ROOT)).map(({ file, specifier }) => `${file} -> ${specifier}`);
  expect(violations).toEqual([]);
});
