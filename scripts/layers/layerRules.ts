/**
 * The house's layer table: which folder may import which. One place, read by
 * `npm run lint` (scripts/layers/checkLayers.ts) and tested with probes in
 * layerRules.test.ts. Dependencies run one way:
 *
 *   app -> controllers -> backend -> db -> server        (scripts, bench, e2e: tooling on the side)
 *
 * and inside the framework (server/), bottom to top:
 *
 *   shared -> model -> controller -> http -> storage        client (browser) beside them
 *
 * A rule names the importing files (`from`), what they must not import
 * (`forbid`: repository paths, or `npm:` package names), exceptions
 * (`allow`, exact), and the message a developer reads. Paths match whole segments:
 * `server/model` covers `server/model/Model.ts`, not `server/modelling`.
 * Customise here when you add a layer; add a probe to the test with it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export interface LayerRule {
  name: string;
  from: string[];
  forbid: string[];
  /** Targets allowed despite `forbid`: exact (an entry point, not the files behind it), or `folder/*` for all inside. */
  allow?: string[];
  /** `import type` is fine (erased at build): the rule is about what runs, e.g. in the browser. */
  typesAllowed?: boolean;
  /** Importing files the rule does not apply to (a folder's own files, inside a wider `from`). */
  exceptFrom?: string[];
  /** Tests (`*.test.ts`) may: an integration test drives the whole app from below. */
  testsAllowed?: boolean;
  message: string;
}

/** server/'s parts, read from the tree so a new subsystem is covered the day it is added. */
const SERVER_PARTS = readdirSync(path.join(import.meta.dirname, '..', '..', 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `server/${entry.name}`);

/**
 * The framework's entry points, what code outside server/ may import: `@/server` (everything an app
 * needs), `@/server/schema` (tables for drizzle-kit) and each subsystem's own index (`@/server/client`
 * for the browser, `@/server/testing` for tests, `@/server/log`...), never a file behind one.
 */
const SERVER_ENTRY_POINTS = ['server/index', 'server/schema', ...SERVER_PARTS];

/** The framework's test fixtures (its own test controllers and tables): tests and dev tools may use any of them. */
const TEST_FIXTURES = 'server/testing/*';

const APP_FOLDERS = ['app', 'controllers', 'backend', 'db', 'scripts', 'bench', 'e2e'];
/**
 * Every folder whose imports `npm run lint` reads (top-level files too): the table's own folders, so a
 * layer added here is checked the day it is added. A test fails on any source file outside them.
 */
export const CHECKED_FOLDERS = ['server', ...APP_FOLDERS];
/** Top-level files are checked like the app (env.ts, proxy.ts, the tool configs...). */
const TOP_LEVEL_FILES = readdirSync(path.join(import.meta.dirname, '..', '..'))
  .filter((name) => /\.(ts|mts)$/.test(name))
  .map((name) => name.replace(/\.(ts|mts)$/, ''));
const OUTSIDE_SERVER = [...APP_FOLDERS, ...TOP_LEVEL_FILES];
const AUTH_LIBRARIES = ['npm:better-auth', 'npm:@better-auth'];

export const LAYER_RULES: LayerRule[] = [
  {
    name: 'framework-knows-no-app',
    from: ['server'],
    forbid: OUTSIDE_SERVER,
    message:
      'server/ knows nothing of the app: it never imports app/, controllers/, db/, scripts/ or env.ts. ' +
      'Take what you need as an argument (as registerDatabase does), or put test helpers under server/testing.',
  },
  {
    name: 'framework-is-auth-agnostic',
    from: ['server'],
    forbid: AUTH_LIBRARIES,
    message:
      'The framework is auth-agnostic: accounts and sessions live in backend/auth/ and reach server/ only ' +
      'as the context createContext builds.',
  },
  {
    name: 'entry-points-only',
    from: OUTSIDE_SERVER,
    forbid: ['server'],
    allow: [...SERVER_ENTRY_POINTS, TEST_FIXTURES],
    message:
      'Import the framework from its entry points only: @/server, @/server/schema or a subsystem index ' +
      '(@/server/client for the browser, @/server/testing for tests and dev services). ' +
      'Export what you need from there instead of reaching into a file under server/<part>/.',
  },
  {
    // backend/ may import db/, the framework's entry points, env.ts and packages. Its tests drive the whole
    // app through the API (@/controllers/testClient), so they may reach up.
    name: 'backend-below-controllers',
    from: ['backend'],
    forbid: ['controllers', 'app'],
    testsAllowed: true,
    message:
      'backend/ (auth, sessions, rate limits, mail, jobs, request context) sits below the controllers: ' +
      'controllers use it, never the reverse. Move what both need into backend/ (or db/), or pass it in as ' +
      'an argument; the composition root (backend/app.ts) names the API, it does not import it.',
  },
  {
    name: 'db-below-backend',
    from: ['db'],
    forbid: ['backend', 'controllers', 'app'],
    message: 'db/ (schema and models) sits below the backend and the controllers: models never reach up.',
  },
  {
    // The route files under app/api are edges (health and readiness ping the database); pages and
    // components are not.
    name: 'pages-read-through-controllers',
    from: ['app'],
    forbid: ['db'],
    exceptFrom: ['app/api'],
    testsAllowed: true,
    message:
      'Pages and components reach data through the controllers (the server clients of ' +
      '@/controllers/serverComponents, the typed hooks in the browser), where @scope and the guard apply: ' +
      'a model query in a page skips both. Add an action to a controller instead.',
  },
  {
    name: 'controllers-below-app',
    from: ['controllers'],
    forbid: ['app'],
    message: 'controllers/ never imports app/ (pages and components import controllers, not the reverse).',
  },
  {
    name: 'codegen-is-build-time',
    from: ['server'],
    exceptFrom: ['server/codegen'],
    forbid: ['server/codegen'],
    message:
      'server/codegen runs at build time (`npm run gen`): nothing the server runs imports it, ' +
      'so openapi-typescript stays out of the server bundle.',
  },
  {
    name: 'shared-is-the-base',
    from: ['server/shared'],
    forbid: [...SERVER_PARTS.filter((part) => part !== 'server/shared'), 'server/index', 'server/schema'],
    message: 'server/shared is the browser-safe base every layer imports: it imports nothing else from server/.',
  },
  {
    name: 'model-is-the-bottom',
    from: ['server/model'],
    forbid: ['server/controller', 'server/http', 'server/storage', 'server/client'],
    message:
      'The model layer is the bottom of server/ (above server/shared): it never imports controller, http, storage or client code.',
  },
  {
    name: 'controller-below-adapters',
    from: ['server/controller'],
    forbid: ['server/http', 'server/storage', 'server/client'],
    message: 'server/controller sits below http and storage: adapters call dispatch, never the reverse.',
  },
  {
    name: 'http-below-storage',
    from: ['server/http'],
    forbid: ['server/storage', 'server/client'],
    message: 'server/http adapts requests to controllers; it never imports storage or the browser client.',
  },
  {
    name: 'storage-not-client',
    from: ['server/storage'],
    forbid: ['server/client'],
    message: 'server/storage never imports the browser client; share rules through server/shared.',
  },
  {
    name: 'client-is-browser-code',
    from: ['server/client'],
    forbid: [
      'server/http',
      'server/storage',
      'server/model',
      'server/jobs',
      'server/lifecycle',
      'npm:postgres',
      'npm:@aws-sdk',
    ],
    typesAllowed: true,
    message:
      'server/client is bundled for the browser: no http, storage, model or job code and no server-only package ' +
      '(`import type` is fine).',
  },
];
