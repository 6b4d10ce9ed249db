/**
 * Node-only: the command lines of the programs run from dist/ beside the CLI (the research
 * programs, the page measurements, the Four Ten measurements). `--help` prints the program's usage
 * and a bad flag says what is wrong with the usage beside it, instead of a stack trace (or, for a
 * program that took its first argument as a file name, a run of many minutes).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isTengymError } from '../env/errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The flags `options` declares, and positionals where `allowPositionals`; `--help` (or `-h`) prints `usage` and exits.
 */
export function programArgs<const O extends Options>(
  usage: string,
  options: O,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: boolean; strict: true }>> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`Usage:\n${usage}\n`);
    process.exit(0);
  }
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (e) {
    if (!String((e as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) throw e;
    process.stderr.write(`${(e as Error).message}\n\nUsage:\n${usage}\n`);
    process.exit(2);
  }
}

/**
 * Runs `main` when the module is the program node was started with (not when a test imports it).
 * A `TengymError` (an unknown env or agent, a bad option) is its message and exit 2, as on the
 * CLI: the stack says nothing a user can act on.
 */
export async function runIfMain(moduleUrl: string, main: () => void | Promise<void>): Promise<void> {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  try {
    await main();
  } catch (e) {
    if (!isTengymError(e)) throw e;
    process.stderr.write(`${e.message}\n`);
    process.exitCode = 2;
  }
}
