#!/usr/bin/env node
/**
 * The `tengym` command line (yargs). Every command has --help; errors on bad input
 * are one line on stderr naming the problem, with exit code 1.
 */
import { readFileSync } from 'node:fs';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { TengymError, isTengymError } from '../env/errors.js';
import { closest } from '../env/suggest.js';
import { envsCommand } from './commands/envs.js';
import { replayCommand } from './commands/replay.js';
import { benchCommand } from './commands/bench.js';
import { statsCommand } from './commands/stats.js';
import { startCommand } from './commands/start.js';
import { agentsCommand } from './commands/agents.js';
import { evalCommand } from './commands/eval.js';
import { trainCommand } from './commands/train.js';
import { hintCommand } from './commands/hint.js';
import { playCommand } from './commands/play.js';
import { serveCommand } from './commands/serve.js';
import { fuzzCommand } from './commands/fuzz.js';

/** tengym's own version (yargs alone would report the version of the package.json nearest the working directory: the host app's). */
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

// `tengym … | head` closes stdout early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

function reportAndExit(e: unknown): never {
  if (isTengymError(e)) process.stderr.write(`tengym: ${e.message}\n`);
  else if (e instanceof Error && process.env.TENGYM_DEBUG) process.stderr.write(`${e.stack}\n`);
  else process.stderr.write(`tengym: internal error: ${e instanceof Error ? e.message : String(e)} (set TENGYM_DEBUG=1 for the stack)\n`);
  process.exit(1);
}

const COMMANDS: CommandModule<any, any>[] = [envsCommand, replayCommand, benchCommand, statsCommand, startCommand, agentsCommand, evalCommand, trainCommand, hintCommand, playCommand, fuzzCommand, serveCommand];

/** What the command `argv` runs declared (its flags, their aliases, the number flags), or null when it names none. */
function optionsOf(argv: readonly string[]): { key: Record<string, unknown>; alias: Record<string, string[]>; number: string[] } | null {
  const name = argv.find((a) => !a.startsWith('-'));
  const command = COMMANDS.find((c) => String(c.command).split(' ')[0] === name);
  if (!command || typeof command.builder !== 'function') return null;
  // getOptions is yargs' own (not in its typings): what the builder declared.
  const built = command.builder(yargs([])) as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]>; number: string[] } };
  return built.getOptions();
}

/** The flags (and their aliases) of the command `argv` runs, or [] when it names none. */
function flagsOf(argv: readonly string[]): string[] {
  const options = optionsOf(argv);
  return options === null ? [] : [...Object.keys(options.key), ...Object.values(options.alias).flat()];
}

/**
 * A number flag given no number (`--seed` last or before another flag, or `--seed ""` from a
 * shell variable that is not set), which yargs would read as the default or as 0: the error, or null.
 */
export function numberFlagWithoutValue(argv: readonly string[]): TengymError | null {
  const numbers = new Set(optionsOf(argv)?.number ?? []);
  const end = argv.indexOf('--');
  for (let i = 0; i < (end < 0 ? argv.length : end); i++) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m || !numbers.has(m[1])) continue;
    const value = m[2] ?? argv[i + 1];
    if (value === undefined || /^--?[a-z]/i.test(value)) return new TengymError('bad-argument', `--${m[1]} is given without a number`);
    if (value.trim() === '') return new TengymError('bad-argument', `--${m[1]} is empty: give a number`);
  }
  return null;
}

/** yargs' "Unknown argument: option" with the closest flag of the command: " (did you mean --options?)". */
export function flagSuggestion(message: string, argv: readonly string[]): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return '';
  const flags = flagsOf(argv).filter((f) => f.length > 1);
  const hints = m[1].split(', ').flatMap((unknown) => {
    const c = closest(unknown, flags);
    return c === null ? [] : [`--${c}`];
  });
  return hints.length === 0 ? '' : ` (did you mean ${hints.join(', ')}?)`;
}

export async function main(argv: string[]): Promise<void> {
  let cli: Argv = yargs(argv)
    .scriptName('tengym')
    .usage('$0 <command> [options]\n\nRL environments, agents and hints for the sum-to-ten solitaires.');
  for (const command of COMMANDS) cli = cli.command(command);
  cli = cli
    .demandCommand(1, 'Name a command: tengym envs | replay | bench | stats | agents | eval | train | hint | play | fuzz | serve | start (tengym --help lists them)')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version(VERSION)
    // COLUMNS, when exported, is the width asked for (COLUMNS=1000 prints each example on one line).
    .wrap(Number(process.env.COLUMNS) > 0 ? Number(process.env.COLUMNS) : Math.min(110, process.stdout.columns || 100))
    .fail((msg, err) => {
      if (err) reportAndExit(err);
      process.stderr.write(`tengym: ${msg}${flagSuggestion(msg, argv)}\n(tengym <command> --help shows a command's options)\n`);
      process.exit(1);
    });
  try {
    const noNumber = numberFlagWithoutValue(argv);
    if (noNumber) throw noNumber;
    await cli.parseAsync();
  } catch (e) {
    reportAndExit(e);
  }
}

await main(hideBin(process.argv));
