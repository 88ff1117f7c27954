import { describe, expect, it } from 'vitest';
import { DemoMarkerError, hasDemoRegions, isDemoFile, stripDemoRegions } from './demoMarkers';

describe('demo markers', () => {
  it('a demo:file comment on the first line marks the whole file, in any comment style', () => {
    expect(isDemoFile('// demo:file (npm run demo:remove deletes this file)\nexport {};\n')).toBe(true);
    expect(isDemoFile('<!-- demo:file -->\n# Demo\n')).toBe(true);
    expect(isDemoFile('/* demo:file */\n.row {}\n')).toBe(true);
    expect(isDemoFile('// demo:file')).toBe(true);
    // Not on the first line, or not a comment of its own: not a marker.
    expect(isDemoFile("'use client';\n// demo:file\n")).toBe(false);
    expect(isDemoFile('Mark a file with `// demo:file` on its first line.\n')).toBe(false);
    expect(isDemoFile('// demo:filed away\n')).toBe(false);
  });

  it('cuts each region with its markers and keeps everything else byte for byte', () => {
    const text = [
      "import { a } from './a';",
      '  // demo:begin',
      "import { Campaign } from './Campaign';",
      '  // demo:end',
      'const list = [',
      '  a,',
      '  {/* demo:begin */}',
      '  <CampaignLink />',
      '  {/* demo:end */}',
      '];',
      '<!-- demo:begin -->',
      'A paragraph about campaigns.',
      '<!-- demo:end -->',
      '',
    ].join('\n');
    expect(hasDemoRegions(text, 'x.tsx')).toBe(true);
    expect(stripDemoRegions(text, 'x.tsx')).toBe(
      ["import { a } from './a';", 'const list = [', '  a,', '];', ''].join('\n'),
    );
  });

  it('leaves text without markers as it is, including sentences that only mention them', () => {
    const text =
      'Wrap the lines in `demo:begin` and `demo:end` comments.\n  * demo:begin in a doc comment is prose\ncall(); // demo:begin\n';
    expect(hasDemoRegions(text, 'docs/x.md')).toBe(false);
    expect(stripDemoRegions(text, 'docs/x.md')).toBe(text);
  });

  it('in Markdown, a marker inside a code fence is part of the example, and fences inside a region go with it', () => {
    const text = [
      'Mark them like this:',
      '```ts',
      '// demo:begin',
      'campaigns,',
      '// demo:end',
      '```',
      '<!-- demo:begin -->',
      '```sh',
      'npm run bench',
      '```',
      '<!-- demo:end -->',
      'The end.',
    ].join('\n');
    expect(stripDemoRegions(text, 'docs/guide.md')).toBe(text.split('\n').slice(0, 6).concat('The end.').join('\n'));
    // Outside Markdown a fence means nothing: the same lines are markers.
    expect(stripDemoRegions(text, 'x.ts')).toBe(['Mark them like this:', '```ts', '```', 'The end.'].join('\n'));
  });

  it('refuses unbalanced or nested markers, naming the file and line', () => {
    expect(() => stripDemoRegions('a\n// demo:begin\nb\n', 'a.ts')).toThrow(
      new DemoMarkerError('a.ts:2: demo:begin is never closed by a demo:end'),
    );
    expect(() => stripDemoRegions('a\n// demo:end\n', 'b.ts')).toThrow('b.ts:2: demo:end without a demo:begin');
    expect(() => stripDemoRegions('// demo:begin\n// demo:begin\n// demo:end\n', 'c.ts')).toThrow(
      'c.ts:2: demo:begin inside the region opened on line 1',
    );
  });
});
