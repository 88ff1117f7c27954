/**
 * Tells `npm run dev` when `npm run gen` (run by hand, or by the scaffold
 * generator) has rewritten the lists server code imports: the controllers,
 * their clients and the models (`controllers/*.gen.ts`, `db/models/*.gen.ts`).
 *
 * Why dev restarts `next dev` then: Turbopack's dev server keeps one instance of
 * each server module. A page added after `npm run gen` (the README's notes page)
 * was compiled against the new `serverClients.gen.ts`, but got the instance the
 * running server had loaded before, without the new controller: "Cannot read
 * properties of undefined (reading 'prefetch')" until a restart. Pages that
 * existed before did update, which is why a restart was easy to miss.
 *
 * Content is compared, not timestamps: gen writes only what changed, and an
 * editor touching a file without changing it restarts nothing.
 */
import { readdirSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import path from 'node:path';

/** The generated files under `dirs` (relative to `root`). */
export function generatedListFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((name) => name.endsWith('.gen.ts'))
      .map((name) => path.join(root, dir, name)),
  );
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * Calls `onChange` with the files whose content changed, once per burst of writes (gen writes
 * several files in a row). Polls (`fs.watchFile`), which survives files being replaced. Returns stop.
 */
export function watchGeneratedLists(
  files: readonly string[],
  onChange: (changed: string[]) => void,
  { intervalMs = 500, settleMs = 700 } = {},
): () => void {
  const seen = new Map(files.map((file) => [file, read(file)]));
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  for (const file of files) {
    watchFile(file, { interval: intervalMs }, () => {
      const text = read(file);
      if (text === seen.get(file)) return;
      seen.set(file, text);
      pending.add(file);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const changed = [...pending];
        pending.clear();
        onChange(changed);
      }, settleMs);
    });
  }
  return () => {
    clearTimeout(timer);
    for (const file of files) unwatchFile(file);
  };
}
