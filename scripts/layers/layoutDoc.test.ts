/**
 * docs/development.md's "Project layout" is the map a newcomer reads first:
 * it must name every top-level folder and every part of server/, and name
 * nothing that is not there. Its "Layers the lint enforces" table must name
 * every rule of scripts/layers/layerRules.ts, and only those.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { markdownSection } from '../readmeRecipe/recipeSteps';
import { LAYER_RULES } from './layerRules';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The fenced blocks under "## Project layout" (the demo's folder has a block of its own), as lines. */
const developmentSection = (heading: string) =>
  markdownSection(readFileSync(path.join(ROOT, 'docs', 'development.md'), 'utf8'), heading);

function layoutBlock(): string[] {
  return developmentSection('Project layout')
    .split('```')
    .filter((_, index) => index % 2 === 1)
    .flatMap((block) => block.split('\n'));
}

const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort();

it('names every top-level folder of the tree, and only those', () => {
  const documented = layoutBlock()
    .map((line) => /^([a-z0-9-]+)\/\s/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  const ignored = new Set(
    readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.replace(/\/$/, '')),
  );
  expect(documented).toEqual(folders('.').filter((name) => !ignored.has(name)));
});

it('names every part of server/, and only those', () => {
  const block = layoutBlock();
  const start = block.findIndex((line) => line.startsWith('server/'));
  const parts: string[] = [];
  for (const line of block.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const name = /^ {2}([a-z]+)\/\s/.exec(line)?.[1];
    if (name) parts.push(name);
  }
  expect(parts.sort()).toEqual(folders('server'));
  for (const part of parts)
    expect(existsSync(path.join(ROOT, 'server', part, 'index.ts')), `server/${part}/index.ts`).toBe(true);
});

it('lists every rule of the layer table under "Layers the lint enforces", and only those', () => {
  const documented = [...developmentSection('Layers the lint enforces').matchAll(/^\| ([a-z-]+) \|/gm)]
    .map((match) => match[1])
    .filter((name) => name !== 'rule');
  expect(documented.sort()).toEqual(LAYER_RULES.map((rule) => rule.name).sort());
});
