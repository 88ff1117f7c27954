// demo:file (npm run demo:remove deletes this file)
/**
 * Summarises a V8 .cpuprofile (from `--cpu-prof`): self time per source area
 * (framework server/, hand-written bench/handlers, drizzle, postgres.js, tRPC,
 * Next.js, node internals ...) and the functions with the most self time.
 *
 *   npx tsx bench/profileSummary.ts <file.cpuprofile> [top] [requests]
 *
 * With the number of requests the profile covers (bench/diagnose.ts prints
 * it), times are also shown in µs per request.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const AREAS: [string, RegExp][] = [
  ['framework server/', /\/server\/(controller|http|model|storage)\//],
  ['app controllers/ db/', /\/(controllers|db)\//],
  ['bench handlers', /\/bench\/handlers\//],
  ['drizzle-orm', /drizzle-orm/],
  ['postgres.js', /node_modules\/postgres\//],
  ['@trpc', /@trpc/],
  ['better-auth / better-call', /better-auth|better-call/],
  ['zod', /node_modules\/zod/],
  ['next', /node_modules\/next/],
  ['aws-sdk', /@aws-sdk|@smithy/],
  ['node internals', /^node:|^internal\//],
];

function areaOf(url: string, functionName: string): string {
  if (!url) return functionName === '(garbage collector)' ? 'GC' : functionName || '(native)';
  return AREAS.find(([, pattern]) => pattern.test(url))?.[0] ?? 'other';
}

const [file, topArg = '25', requestsArg] = process.argv.slice(2);
const requests = requestsArg ? Number(requestsArg) : 0;
if (!file) throw new Error('usage: profileSummary.ts <file.cpuprofile> [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, time] of selfTime) {
  const { callFrame } = byId.get(id) as ProfileNode;
  const area = areaOf(callFrame.url, callFrame.functionName);
  areas.set(area, (areas.get(area) ?? 0) + time);
  const where = callFrame.url.replace(/^.*\/(node_modules\/)?/, '');
  const key = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + time);
}
const perRequest = (time: number) => (requests ? `${(time / requests).toFixed(0).padStart(6)} µs/req  ` : '');
const pct = (time: number) => `${perRequest(time)}${((100 * time) / total).toFixed(1).padStart(5)}%`;
const busy = total - (areas.get('(idle)') ?? 0);
console.log(`total ${(total / 1e6).toFixed(1)} s of samples, busy ${pct(busy)}\n\nself time by area:`);
for (const [area, time] of [...areas].sort((a, b) => b[1] - a[1]).filter(([, time]) => time >= total / 1000)) {
  console.log(`  ${pct(time)}  ${area}`);
}
console.log(`\ntop ${topArg} functions by self time:`);
for (const [key, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) {
  console.log(`  ${pct(time)}  ${key}`);
}
