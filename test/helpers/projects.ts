// How the test files split between three Vitest projects: files that may share their worker's module graph
// (`isolate: false`), files that mock a module (on Vite's module runner, below), and the rest, each in a fresh module
// graph. Sharing saves each file's import and registration
// of every game: about a third of the engine tests' time, 0.5 s of processor time a file. It is kept to the folders of
// the engine, rules, hints, statistics, agents, evaluation and the page's store; to files that register no game of
// their own (`registerGame`, or the test folder's Ten Pairs: a sweep over the registry in a later file would meet
// that game); to files that load no TensorFlow.js; to files that mock or stub nothing; and to files without a line
// `// @isolated: why`.
import { readFileSync, readdirSync } from 'node:fs';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The folders of the engines, their rules, hints, the player's session and statistics: test:quick's. */
export const ENGINE_FOLDERS = ['test/env', 'test/games', 'test/hints', 'test/session', 'test/stats'];

/** The folders whose files may share a module graph: the engines', and the agents', evaluation's and page store's. */
export const SHAREABLE_FOLDERS = [...ENGINE_FOLDERS, 'test/agents', 'test/eval', 'test/examples', 'test/web'];

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
 * What keeps a file's text out of a shared module graph: a game registered, TensorFlow.js loaded, a mock or a stub
 * (it outlives its file there), or a line `// @isolated: why` (a module's state needed as a fresh process has it).
 */
const NOT_SHARED = new RegExp(
  [
    /\bregisterGame\b|helpers\/ten-pairs\.js|tf-backend|tfjs|@tensorflow|load-model|learned/.source,
    /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\b/.source,
    /^\/\/ @isolated: /.source,
  ].join('|'),
  'm',
);

/**
 * The files of SHAREABLE_FOLDERS that share a module graph: those that register no game of their own, and none that
 * trains or loads a model (TensorFlow.js keeps one engine, and its backend, a process).
 */
export const sharedFiles = (): string[] =>
  filesMatching(SHAREABLE_FOLDERS, /^/).filter(
    (f) => !f.includes('/training/') && !f.includes('/learned/') && !NOT_SHARED.test(readFileSync(f, 'utf8')),
  );

/**
 * The test files under `folders` that mock a module (`vi.mock`). The other files run on Node's own `import`, through
 * tsx's loader, where Node 20 has no hook to mock a module with: these keep Vite's module runner.
 */
export const mockingFiles = (folders: readonly string[]): string[] => filesMatching(folders, /\bvi\.(mock|doMock)\(/);

/**
 * Three projects over `include` (each glob a folder, then the pattern of its test files) minus `exclude`: `shared`
 * holds `sharedFiles()`, `module-runner` the files that mock a module, and `isolated` the rest. `options` are the
 * test options they repeat: a project that extends the root config would add the root's file list to its own.
 */
export function sharedAndIsolated(
  options: Record<string, unknown>,
  include: string[],
  exclude: string[],
): TestProjectInlineConfiguration[] {
  const folders = include.map((glob) => glob.slice(0, glob.indexOf('/**')));
  const shared = sharedFiles().filter((f) => folders.some((folder) => f.startsWith(`${folder}/`)));
  const mocking = mockingFiles(folders);
  return [
    { test: { ...options, name: 'shared', include: shared, exclude, isolate: false } },
    {
      test: { ...options, name: 'module-runner', include: mocking, exclude, experimental: { viteModuleRunner: true } },
    },
    { test: { ...options, name: 'isolated', include, exclude: [...exclude, ...shared, ...mocking] } },
  ];
}
