/**
 * The `tengym` command as a user runs it, quiet (no backend line on stderr), and config files for it. `tengym` starts
 * the built command (dist/cli/main.js) in a process of its own; `tengymHere` runs the same command line from the
 * sources in the test's process, about 0.6 s of processor time less a run.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { ExitRequest, main } from '../../src/cli/program.js';
import { announceBackendByDefault } from '../../src/node/backend-announcement.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `tengym ...args` (dist/cli/main.js) to its end: its exit code and output. */
export function tengym(...args: string[]): CommandResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, TENGYM_QUIET: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The run under way: runs share process.stdout and process.stderr, so they take turns. */
let turn: Promise<unknown> = Promise.resolve();

/**
 * Runs `tengym ...args` in this process, from the sources: its exit code and what it wrote to stdout and stderr. For
 * a test of what a command prints or returns. A test of the process itself (a signal, stdin, the built file, the
 * exit seen by a shell) starts one with `tengym`.
 */
export function tengymHere(...args: string[]): Promise<CommandResult> {
  return tengymHereWith({}, ...args);
}

/**
 * `tengymHere` with `input` as its stdin (`tengym hint -` reads a state there) and `cwd` as the working directory its
 * relative paths start from. Vitest's forks pool gives each test file a process, whose directory may change.
 */
export function tengymHereWith(
  { input, cwd }: { input?: string | Buffer; cwd?: string },
  ...args: string[]
): Promise<CommandResult> {
  const run = turn.then(() => runHere(args, input ?? null, cwd ?? null));
  turn = run.catch(() => undefined);
  return run;
}

/** A stream's write, which keeps what it is given in `into` instead. */
function capture(into: { text: string }): typeof process.stdout.write {
  return ((chunk: string | Uint8Array, encoding?: unknown, done?: unknown) => {
    into.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const callback = typeof encoding === 'function' ? encoding : done;
    if (typeof callback === 'function') queueMicrotask(() => callback());
    return true;
  }) as typeof process.stdout.write;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

async function runHere(args: string[], input: string | Buffer | null, cwd: string | null): Promise<CommandResult> {
  const stdout = { text: '' };
  const stderr = { text: '' };
  const writes = [process.stdout.write, process.stderr.write] as const;
  const stdin = Object.getOwnPropertyDescriptor(process, 'stdin');
  if (input !== null)
    Object.defineProperty(process, 'stdin', {
      value: Readable.from([Buffer.from(input)]),
      configurable: true,
      enumerable: true,
    });
  // yargs prints --help, --version and its own errors with console.log and console.error, which Vitest takes over.
  const logs = [console.log, console.error] as const;
  console.log = (...parts: unknown[]) => {
    stdout.text += `${format(...parts)}\n`;
  };
  console.error = (...parts: unknown[]) => {
    stderr.text += `${format(...parts)}\n`;
  };
  const quiet = process.env.TENGYM_QUIET;
  process.env.TENGYM_QUIET = '1';
  const directory = process.cwd();
  if (cwd !== null) process.chdir(cwd);
  process.exitCode = undefined;
  process.stdout.write = capture(stdout);
  process.stderr.write = capture(stderr);
  const listening = new Set(SIGNALS.flatMap((signal) => process.listeners(signal)));
  let code: number;
  try {
    await main(args, (exitCode) => {
      throw new ExitRequest(exitCode);
    });
    code = Number(process.exitCode ?? 0);
  } catch (e) {
    if (!(e instanceof ExitRequest)) throw e;
    code = e.code;
  } finally {
    [process.stdout.write, process.stderr.write] = writes;
    if (input !== null && stdin !== undefined) Object.defineProperty(process, 'stdin', stdin);
    [console.log, console.error] = logs;
    process.chdir(directory);
    if (quiet === undefined) delete process.env.TENGYM_QUIET;
    else process.env.TENGYM_QUIET = quiet;
    process.exitCode = undefined;
    // The command line's setting, which a library call in the same test file must not hear.
    announceBackendByDefault(false);
  }
  // A command run in a longer-lived process (a test, a script calling main) leaves no Ctrl-C or kill listener behind:
  // left, they pile up past Node's limit and answer the signal meant for that process.
  for (const signal of SIGNALS) {
    const left = process.listeners(signal).filter((listener) => !listening.has(listener));
    for (const listener of left) process.off(signal, listener);
    if (left.length > 0) throw new Error(`tengym ${args.join(' ')} left ${left.length} ${signal} listener(s) behind`);
  }
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Writes `config` as DIR/tiny.json for --config, and returns its path. */
export function configFile(dir: string, config: object): string {
  const file = join(dir, 'tiny.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** `tengymHereWith` with `lines` typed on its stdin, one a line, as `tengym play` reads them. */
export function tengymHereReading(lines: string[], ...args: string[]): Promise<CommandResult> {
  return tengymHereWith({ input: lines.map((l) => `${l}\n`).join('') }, ...args);
}
