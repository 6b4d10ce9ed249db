// How the test files split between two Vitest projects: files that may share their worker's module graph
// (`isolate: false`), and the rest, each in a fresh module graph. Sharing saves each file's import and registration
// of every game, about a third of the engine tests' time. It is kept to the engine, rules, hints and statistics
// folders, to files that register no game of their own (`registerGame`, or the test folder's Ten Pairs: a sweep over
// the registry in a later file would meet that game), and to files that load no TensorFlow.js.
import { readFileSync, readdirSync } from 'node:fs';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The folders whose files may share a module graph. */
export const SHAREABLE_FOLDERS = ['test/env', 'test/games', 'test/hints', 'test/session', 'test/stats'];

/** The test files under `folders` whose text matches `pattern`. */
export function filesMatching(folders: readonly string[], pattern: RegExp): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `${folder}/${f}`),
    )
    .filter((f) => pattern.test(readFileSync(f, 'utf8')));
}

/**
 * The files of SHAREABLE_FOLDERS that share a module graph: those that register no game of their own, and none that
 * trains or loads a model (TensorFlow.js keeps one engine, and its backend, a process).
 */
export const sharedFiles = (): string[] =>
  filesMatching(SHAREABLE_FOLDERS, /^/).filter(
    (f) =>
      !f.includes('/training/') &&
      !/\bregisterGame\b|helpers\/ten-pairs\.js|tf-backend|tfjs|@tensorflow|load-model|learned/.test(
        readFileSync(f, 'utf8'),
      ),
  );

/**
 * Two projects over `include` minus `exclude`: `shared` holds `sharedFiles()`, and `isolated` the rest. `options` are
 * the test options both repeat: a project that extends the root config would add the root's file list to its own.
 */
export function sharedAndIsolated(
  options: Record<string, unknown>,
  include: string[],
  exclude: string[],
): TestProjectInlineConfiguration[] {
  const shared = sharedFiles();
  return [
    { test: { ...options, name: 'shared', include: shared, exclude, isolate: false } },
    { test: { ...options, name: 'isolated', include, exclude: [...exclude, ...shared] } },
  ];
}
