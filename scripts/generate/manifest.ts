/**
 * What a scaffold wrote, kept in `.generator/scaffold/<Name>.json` (commit
 * it): the command's fields, the text of every file as generated (the base
 * of the next three-way merge), the schema block and navigation line, and the
 * pg-core imports it added. `--force` merges against it; `destroy` undoes it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ScaffoldManifest {
  name: string;
  /** The `--plural` it was made with (`Canvases`), when that differs from the framework's: `--force` and `destroy` keep it. */
  plural?: string;
  fields: string[];
  files: Record<string, string>;
  /**
   * Files an earlier run wrote that the field list no longer makes (an upload widget after its last file
   * field went) and that were kept for your edits: `destroy` removes them with the rest.
   */
  leftFiles?: Record<string, string>;
  schemaBlock: string;
  navLine: string;
  addedImports: string[];
}

const manifestPath = (root: string, name: string) => path.join(root, '.generator/scaffold', `${name}.json`);

export function readManifest(root: string, name: string): ScaffoldManifest | undefined {
  const file = manifestPath(root, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScaffoldManifest) : undefined;
}

export function writeManifest(root: string, manifest: ScaffoldManifest, format = (text: string) => text): void {
  const file = manifestPath(root, manifest.name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, format(`${JSON.stringify(manifest, null, 2)}\n`));
}

export function removeManifest(root: string, name: string): void {
  rmSync(manifestPath(root, name), { force: true });
}
