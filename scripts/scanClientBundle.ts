/**
 * `tsx scripts/scanClientBundle.ts [dir]` (after `next build`): fails when a
 * browser chunk (`.next/static/**\/*.js`) holds server-only code: postgres,
 * drizzle-orm, @aws-sdk, or the controller framework / app controllers
 * (docs/typed-client.md: "The browser bundle holds no server code"). Prints each offending file and marker; exit 1.
 *
 * Markers are strings that survive minification (string literals, symbol
 * keys) plus module paths (dev builds, source maps). Adding a server-only
 * dependency? Add a marker for it here and a case in scanClientBundle.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Marker {
  /** What leaked, as reported. */
  name: string;
  patterns: readonly (string | RegExp)[];
}

const MARKERS: readonly Marker[] = [
  // postgres.js: its default application_name and env variable names.
  { name: 'postgres', patterns: ['node_modules/postgres/', "'postgres.js'", '"postgres.js"', 'PGAPPNAME'] },
  // drizzle-orm tags every entity with this symbol key.
  { name: 'drizzle-orm', patterns: ['node_modules/drizzle-orm/', 'drizzle:entityKind'] },
  // The AWS SDK's user-agent header and name.
  { name: '@aws-sdk', patterns: ['node_modules/@aws-sdk/', 'x-amz-user-agent', 'aws-sdk-js'] },
  // The controller framework (server/controller, server/model) and app controllers.
  {
    name: 'controller source',
    patterns: [
      /server\/(controller|model|http|storage)\/[A-Za-z]+\.ts/,
      /controllers\/[A-Za-z]+Controller\.ts/,
      'is not a controller (decorate it with',
      'Default actions need a model',
      'Declare models with Model(table, options)',
    ],
  },
];

export interface Finding {
  file: string;
  marker: string;
  pattern: string;
}

/** The markers found in one chunk's text (first matching pattern per marker). */
export function findMarkers(text: string, markers: readonly Marker[] = MARKERS): { marker: string; pattern: string }[] {
  const found: { marker: string; pattern: string }[] = [];
  for (const marker of markers) {
    const hit = marker.patterns.find((pattern) =>
      typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text),
    );
    if (hit !== undefined) found.push({ marker: marker.name, pattern: String(hit) });
  }
  return found;
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export function scanDirectory(dir: string): Finding[] {
  return jsFiles(dir).flatMap((file) =>
    findMarkers(readFileSync(file, 'utf8')).map((hit) => ({ file: path.relative(process.cwd(), file), ...hit })),
  );
}

function main(): void {
  const dir = path.resolve(process.argv[2] ?? path.join('.next', 'static'));
  if (!existsSync(dir)) {
    console.error(`scanClientBundle: ${dir} does not exist; run \`next build\` first`);
    process.exit(2);
  }
  const files = jsFiles(dir).length;
  const findings = scanDirectory(dir);
  for (const finding of findings) {
    console.error(`✖ ${finding.file}: ${finding.marker} (matched ${finding.pattern})`);
  }
  if (findings.length > 0) {
    console.error(
      `scanClientBundle: server-only code in ${new Set(findings.map((f) => f.file)).size} browser chunk(s)`,
    );
    process.exit(1);
  }
  console.log(`scanClientBundle: ${files} browser chunks, no server-only code`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
