/**
 * Every route file goes through the API's one edge (server/http/apiRoute.ts: request id, refusal while
 * draining, the error envelope, the access log line, a JSON 405 with `Allow`). `npm run lint` runs this
 * beside the layer table (checkLayers.ts); probes in routeEdge.test.ts.
 *
 * A route file is any `app/**\/route.ts`: the API's under app/api, and the few beside it (the dev
 * mailbox's JSON at app/dev/mail/messages): an HTTP handler outside the edge answers errors in its own
 * shape, unlogged and without a request id, wherever it sits. Each HTTP method it exports must be
 * produced by the edge, read statically:
 *
 * - `export const { GET, POST, ... } = apiRoute('/api/things', {...})`, apiRoute from `@/server`;
 * - a call to a function whose every `return` is `apiRoute(...)` (`createSessionRoutes()` in
 *   backend/sessionRoutes.ts), followed through its import;
 * - a value made by `createApiHandler(...)` (the catch-all's `handler` from `@/controllers`), followed
 *   through its import or re-export.
 *
 * A plain `export async function GET()` or `export const GET = async () => ...` is refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The methods Next.js serves from a route file's exports. */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** What the edge is made of, as `@/server` exports it. */
const EDGE_FACTORIES = new Set(['apiRoute', 'createApiHandler']);
/** How many names are followed (route file -> factory -> its import -> a re-export...) before giving up. */
const MAX_HOPS = 8;

/** `app/**\/route.ts` (and .tsx, .js, .mjs, .mts). */
export const ROUTE_FILE = /^app\/(.+\/)?route\.(ts|tsx|js|mjs|mts)$/;

export interface EdgeViolation {
  file: string;
  method: string;
  message: string;
}

interface Module {
  file: string;
  source: ts.SourceFile;
}

/** Reads modules from `root` (repository-relative paths), each once. */
class Modules {
  private readonly cache = new Map<string, Module | null>();
  constructor(private readonly root: string) {}

  read(file: string): Module | null {
    if (!this.cache.has(file)) {
      const full = path.join(this.root, file);
      this.cache.set(
        file,
        existsSync(full)
          ? {
              file,
              source: ts.createSourceFile(file, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, kindOf(file)),
            }
          : null,
      );
    }
    return this.cache.get(file) ?? null;
  }

  /** The repository module `specifier` names from `from`, or null for a package. */
  resolve(from: string, specifier: string): Module | null {
    let base: string;
    if (specifier.startsWith('@/')) base = specifier.slice(2);
    else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
    else return null;
    base = base.replace(/\.(ts|tsx|mts|js|mjs)$/, '');
    for (const candidate of ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'].map((ext) => base + ext)) {
      const module = this.read(candidate);
      if (module) return module;
    }
    return null;
  }
}

function kindOf(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  return /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** What a name means in a module: an import (module + imported name), or its local declaration. */
type Binding =
  | { kind: 'import'; specifier: string; imported: string }
  | { kind: 'value'; expression: ts.Expression | undefined }
  | { kind: 'function'; declaration: ts.FunctionLikeDeclaration }
  | { kind: 'reexport'; specifier: string; imported: string };

/** The top-level binding of `name` in `module` (`exported`: only what the module exports under that name). */
function bindingOf(module: Module, name: string, exported: boolean): Binding | null {
  for (const statement of module.source.statements) {
    if (ts.isImportDeclaration(statement) && !exported) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (!clause || clause.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((e) => e.name.text === name);
      if (element && ts.isStringLiteral(statement.moduleSpecifier))
        return {
          kind: 'import',
          specifier: statement.moduleSpecifier.text,
          imported: (element.propertyName ?? element.name).text,
        };
    }
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && (!exported || isExported(statement)))
      return { kind: 'function', declaration: statement };
    if (ts.isVariableStatement(statement) && (!exported || isExported(statement))) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) {
          const value = declaration.initializer && unwrap(declaration.initializer);
          if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
            return { kind: 'function', declaration: value };
          return { kind: 'value', expression: value };
        }
        if (ts.isObjectBindingPattern(declaration.name)) {
          const element = declaration.name.elements.find((e) => ts.isIdentifier(e.name) && e.name.text === name);
          // `const { GET } = apiRoute(...)`: the member comes from the edge when the whole object does.
          if (element) return { kind: 'value', expression: declaration.initializer };
        }
      }
    }
    if (ts.isExportDeclaration(statement) && exported && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) continue;
      const element = clause.elements.find((e) => e.name.text === name);
      if (!element) continue;
      const imported = (element.propertyName ?? element.name).text;
      if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier))
        return { kind: 'reexport', specifier: statement.moduleSpecifier.text, imported };
      return bindingOf(module, imported, false);
    }
  }
  return null;
}

/** `(x)`, `x as T`, `x satisfies T`, `x!` -> `x`. */
function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  )
    current = current.expression;
  return current;
}

/** The expressions a function returns (its `return`s, not those of functions nested in it). */
function returnsOf(declaration: ts.FunctionLikeDeclaration): ts.Expression[] {
  const body = declaration.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

class EdgeReader {
  constructor(private readonly modules: Modules) {}

  /** Whether `binding` (of `name` in `module`) is made by the edge; `called`: its call's result is meant. */
  private bindingIsEdge(module: Module, binding: Binding | null, called: boolean, hops: number): boolean {
    if (!binding || hops > MAX_HOPS) return false;
    switch (binding.kind) {
      case 'import':
      case 'reexport': {
        if (binding.specifier === '@/server') return called && EDGE_FACTORIES.has(binding.imported);
        const target = this.modules.resolve(module.file, binding.specifier);
        return (
          target !== null && this.bindingIsEdge(target, bindingOf(target, binding.imported, true), called, hops + 1)
        );
      }
      case 'function': {
        if (!called) return false;
        const returned = returnsOf(binding.declaration);
        return returned.length > 0 && returned.every((expression) => this.isEdge(module, expression, hops + 1));
      }
      case 'value':
        return !called && binding.expression !== undefined && this.isEdge(module, binding.expression, hops + 1);
    }
  }

  /** Whether `expression`, in `module`, evaluates to what the edge made. */
  isEdge(module: Module, expression: ts.Expression, hops = 0): boolean {
    const value = unwrap(expression);
    if (ts.isCallExpression(value) && ts.isIdentifier(value.expression))
      return this.bindingIsEdge(module, bindingOf(module, value.expression.text, false), true, hops);
    if (ts.isIdentifier(value)) return this.bindingIsEdge(module, bindingOf(module, value.text, false), false, hops);
    return false;
  }

  /** Whether the module's export `name` is made by the edge. */
  exportIsEdge(module: Module, name: string): boolean {
    return this.bindingIsEdge(module, bindingOf(module, name, true), false, 0);
  }
}

/** `app/api/things/[id]/route.ts` -> `/api/things/[id]` (route groups dropped): the path to name in apiRoute. */
export function routePathOf(file: string): string {
  const segments = file.split('/').slice(1, -1);
  return `/${segments.filter((segment) => !/^\(.*\)$/.test(segment)).join('/')}`;
}

/** The HTTP methods a route file exports. */
function exportedMethods(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && isExported(statement) && statement.name) names.push(statement.name.text);
    if (ts.isVariableStatement(statement) && isExported(statement))
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
        else if (ts.isObjectBindingPattern(declaration.name))
          for (const element of declaration.name.elements)
            if (ts.isIdentifier(element.name)) names.push(element.name.text);
      }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      for (const element of statement.exportClause.elements) names.push(element.name.text);
  }
  return names.filter((name) => HTTP_METHODS.has(name));
}

/** Route files among `files` (repository-relative, read from `root`) whose HTTP methods bypass the edge. */
export function checkRouteEdge(root: string, files: string[]): EdgeViolation[] {
  const modules = new Modules(root);
  const reader = new EdgeReader(modules);
  const violations: EdgeViolation[] = [];
  for (const file of files.filter((name) => ROUTE_FILE.test(name))) {
    const module = modules.read(file);
    if (!module) continue;
    for (const method of exportedMethods(module.source)) {
      if (reader.exportIsEdge(module, method)) continue;
      violations.push({
        file,
        method,
        message:
          `${method} is not made by the API's edge, so it answers without the request id, error envelope, ` +
          `access log, drain on shutdown and 405s every other route has. Wrap it in apiRoute from '@/server': ` +
          `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('${routePathOf(file)}', { ${method}: async (request) => ... }) ` +
          '(docs/controllers.md, "Wiring").',
      });
    }
  }
  return violations;
}
