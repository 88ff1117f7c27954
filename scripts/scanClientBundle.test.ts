import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMarkers, scanDirectory } from './scanClientBundle';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'scan-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('findMarkers', () => {
  it('passes a client chunk (React Query, tRPC client, the generated manifest)', () => {
    const chunk = `(self.webpackChunk=self.webpackChunk||[]).push([[1],{5:(e,t,n)=>{let r={MemberController:{scopes:["teamId"],methods:{mutateLeave:["teams.members.leave","mutation","none"]}}};n(7).httpBatchLink({url:"/api/trpc"})}}]);`;
    expect(findMarkers(chunk)).toEqual([]);
  });

  it('finds each server-only package by minification-proof strings', () => {
    expect(findMarkers('var a={application_name:o.PGAPPNAME||"postgres.js"}')).toEqual([
      { marker: 'postgres', pattern: '"postgres.js"' },
    ]);
    expect(findMarkers('let k=Symbol.for("drizzle:entityKind")')).toEqual([
      { marker: 'drizzle-orm', pattern: 'drizzle:entityKind' },
    ]);
    expect(findMarkers('h["x-amz-user-agent"]=u')).toEqual([{ marker: '@aws-sdk', pattern: 'x-amz-user-agent' }]);
  });

  it('finds controller source by module path or framework messages', () => {
    expect(findMarkers('/***/ "./controllers/MemberController.ts": function(){}')[0]?.marker).toBe('controller source');
    expect(findMarkers('[project]/server/controller/dispatch.ts [app-client]')[0]?.marker).toBe('controller source');
    expect(findMarkers('throw Error(n.name+": is not a controller (decorate it with @controller")')[0]?.marker).toBe(
      'controller source',
    );
    // The client runtime and the generated client are allowed.
    expect(findMarkers('[project]/server/client/createControllerClients.ts [app-client]')).toEqual([]);
    expect(findMarkers('[project]/controllers/client.gen.ts [app-client]')).toEqual([]);
  });
});

describe('scanDirectory', () => {
  it('reports the offending files among nested chunks, ignoring non-JS files', () => {
    mkdirSync(path.join(tmp, 'chunks', 'app'), { recursive: true });
    writeFileSync(path.join(tmp, 'chunks', 'clean.js'), 'console.log("hello")');
    writeFileSync(path.join(tmp, 'chunks', 'app', 'page.js'), 'Symbol.for("drizzle:entityKind");"aws-sdk-js"');
    writeFileSync(path.join(tmp, 'chunks', 'notes.txt'), 'drizzle:entityKind');
    const findings = scanDirectory(tmp);
    expect(findings.map((f) => [path.basename(f.file), f.marker])).toEqual([
      ['page.js', 'drizzle-orm'],
      ['page.js', '@aws-sdk'],
    ]);
  });
});
