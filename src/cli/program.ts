/**
 * The `tengym` command line (yargs) as a function of its words: src/cli/main.ts runs it in its own process. Every
 * command has --help; errors on bad input are one line on stderr naming the problem, with exit code 1.
 */
import '../games/index.js';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { AgentThrewError, TengymError, isTengymError } from '../env/errors.js';
import { closest } from '../env/suggest.js';
import { announceBackendByDefault } from '../node/backend-announcement.js';
import { TENGYM_VERSION, recordTypedNumbers } from './io.js';

/** Thrown by an `exit` given to `main` that does not end the process: it passes through main's own error report. */
export class ExitRequest extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function reportAndExit(e: unknown, exit: (code: number) => never): never {
  if (e instanceof ExitRequest) throw e;
  if (isTengymError(e)) process.stderr.write(`tengym: ${e.message}\n`);
  else if (e instanceof AgentThrewError) process.stderr.write(`tengym: ${e.message}\n${agentFrames(e.cause)}`);
  else if (e instanceof Error && process.env.TENGYM_DEBUG) process.stderr.write(`${e.stack}\n`);
  else
    process.stderr.write(
      `tengym: internal error: ${e instanceof Error ? e.message : String(e)} (set TENGYM_DEBUG=1 for the stack)\n`,
    );
  return exit(1);
}

/** Where an agent threw: the top frame of its exception (its whole stack with TENGYM_DEBUG=1). */
function agentFrames(cause: unknown): string {
  const stack =
    cause instanceof Error && typeof cause.stack === 'string'
      ? cause.stack.split('\n').filter((l) => /^\s+at /.test(l))
      : [];
  if (stack.length === 0) return '';
  if (process.env.TENGYM_DEBUG) return `${stack.join('\n')}\n`;
  return `${stack[0]}\n  (set TENGYM_DEBUG=1 for the agent's whole stack)\n`;
}

// biome-ignore lint/suspicious/noExplicitAny: each command has its own arguments
type Command = CommandModule<any, any>;

/**
 * Each command's module by the command's name, in the order `tengym --help` lists them. A command line loads only the
 * module of the command it runs (every one for `tengym --help`): a command's start then costs the modules it uses,
 * not every command's (`tengym envs` started in about two thirds of the time).
 */
const COMMAND_MODULES: Record<string, () => Promise<Command>> = {
  envs: async () => (await import('./commands/envs.js')).envsCommand,
  replay: async () => (await import('./commands/replay.js')).replayCommand,
  bench: async () => (await import('./commands/bench.js')).benchCommand,
  stats: async () => (await import('./commands/stats.js')).statsCommand,
  start: async () => (await import('./commands/start.js')).startCommand,
  agents: async () => (await import('./commands/agents.js')).agentsCommand,
  eval: async () => (await import('./commands/eval.js')).evalCommand,
  train: async () => (await import('./commands/train.js')).trainCommand,
  hint: async () => (await import('./commands/hint.js')).hintCommand,
  play: async () => (await import('./commands/play.js')).playCommand,
  deal: async () => (await import('./commands/deal.js')).dealCommand,
  rules: async () => (await import('./commands/rules.js')).rulesCommand,
  fuzz: async () => (await import('./commands/fuzz.js')).fuzzCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
};
const COMMAND_NAMES = Object.keys(COMMAND_MODULES);

/** The word of `argv` that names its command (the first that is not a flag), or undefined. */
function commandWord(argv: readonly string[]): string | undefined {
  return argv.find((a) => !a.startsWith('-'));
}

/**
 * The modules a command line needs: its command's; none for a bare --version; every command's otherwise (--help and a
 * line that names none list them all).
 */
async function commandsFor(argv: readonly string[]): Promise<Command[]> {
  const load = async (name: string) => {
    const command = await COMMAND_MODULES[name]();
    // A name here that is not its module's own would run one command for another.
    const own = String(command.command).split(' ')[0];
    if (own !== name) throw new Error(`the command "${name}" loads the module of "${own}"`);
    return command;
  };
  const word = commandWord(argv);
  if (word !== undefined && Object.hasOwn(COMMAND_MODULES, word)) return [await load(word)];
  if (argv.length === 1 && argv[0] === '--version') return [];
  return Promise.all(COMMAND_NAMES.map(load));
}

interface DeclaredOptions {
  key: Record<string, unknown>;
  alias: Record<string, string[]>;
  number: string[];
  string: string[];
  boolean: string[];
  array: string[];
}

/** What the command `argv` runs declared (its flags, their aliases, their types), or null when it names none. */
function optionsOf(argv: readonly string[], commands: readonly Command[]): DeclaredOptions | null {
  const name = commandWord(argv);
  const command = commands.find((c) => String(c.command).split(' ')[0] === name);
  if (!command || typeof command.builder !== 'function') return null;
  // getOptions is yargs' own (not in its typings): what the builder declared.
  const built = command.builder(yargs([])) as unknown as { getOptions(): DeclaredOptions };
  return built.getOptions();
}

/** The flags (and their aliases) of the command `argv` runs, or [] when it names none. */
function flagsOf(argv: readonly string[], commands: readonly Command[]): string[] {
  const options = optionsOf(argv, commands);
  return options === null ? [] : [...Object.keys(options.key), ...Object.values(options.alias).flat()];
}

/**
 * Text flags whose empty value the command takes itself: --options '' is the defaults, --actions '' has its own
 * message.
 */
const EMPTY_IS_MEANT = new Set(['options', 'actions']);

/**
 * The declared flags of the command `argv` runs, by every name they are written with (aliases, camelCase), and their
 * types.
 */
function flagTable(options: DeclaredOptions) {
  const flagOf = new Map<string, string>(Object.keys(options.key).map((k) => [k, k]));
  for (const [key, aliases] of Object.entries(options.alias)) for (const a of aliases) flagOf.set(a, key);
  return {
    flagOf,
    strings: new Set(options.string),
    numbers: new Set(options.number),
    booleans: new Set(options.boolean),
    arrays: new Set(options.array),
  };
}

/**
 * The flags given on a command line, in order, up to `--`: each declared flag as it was written
 * (`name`), the flag it is (`flag`), the text after `=` (`inline`) and the word after it (`next`).
 * Unknown flags are left out: yargs names them, with a suggestion.
 */
function* givenFlags(
  argv: readonly string[],
  table: ReturnType<typeof flagTable>,
): Generator<{ flag: string; name: string; inline: string | undefined; next: string | undefined }> {
  const end = argv.indexOf('--');
  for (let i = 0; i < (end < 0 ? argv.length : end); i++) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) continue;
    const written = m[1];
    const name =
      written.startsWith('no-') && table.booleans.has(table.flagOf.get(written.slice(3)) ?? '')
        ? written.slice(3)
        : written;
    const flag = table.flagOf.get(name) ?? table.flagOf.get(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    if (flag !== undefined) yield { flag, name, inline: m[2], next: argv[i + 1] };
  }
}

/**
 * A flag given twice (yargs would make its value a list, which no command takes: `--agent a
 * --agents b` named one flag twice), a number or text flag given no value or an empty one
 * (`--seed "$SEED"` or `--out "$DIR"` with the variable unset, which yargs would read as the
 * default or 0, and for `--out` as the working directory), or a yes/no flag given another value
 * (`--json=maybe`): the error, or null.
 */
function flagMisuse(argv: readonly string[], commands: readonly Command[]): TengymError | null {
  const options = optionsOf(argv, commands);
  if (options === null) return null;
  const table = flagTable(options);
  const { strings, numbers, booleans, arrays } = table;
  const given = new Map<string, string>();
  for (const { flag, name, inline, next } of givenFlags(argv, table)) {
    const first = given.get(flag);
    if (first !== undefined && !arrays.has(flag)) {
      return new TengymError(
        'bad-argument',
        `--${name} is given twice${first !== name ? ` (--${first} and --${name} are one flag)` : ''}: give it once`,
      );
    }
    given.set(flag, name);
    if (booleans.has(flag)) {
      if (inline !== undefined && !/^(true|false)$/.test(inline))
        return new TengymError(
          'bad-argument',
          `--${name} is a yes/no flag: give it alone (or --${name}=true / --${name}=false), not "${inline}"`,
        );
      continue;
    }
    const value = inline ?? next;
    if (numbers.has(flag)) {
      if (value === undefined || /^--?[a-z]/i.test(value))
        return new TengymError('bad-argument', `--${name} is given without a number`);
      if (value.trim() === '') return new TengymError('bad-argument', `--${name} is empty: give a number`);
      continue;
    }
    if (!strings.has(flag)) continue;
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      return new TengymError('bad-argument', `--${name} is given without a value`);
    if (value.trim() === '' && !EMPTY_IS_MEANT.has(flag))
      return new TengymError(
        'bad-argument',
        `--${name} is empty: give a value (tengym <command> --help shows what it takes)`,
      );
  }
  return null;
}

/**
 * The text each number flag of the command line was given as, by the flag's name (`--seed
 * 9007199254740993`: seed → "9007199254740993"): yargs reads it as a double, which past 2^53 is
 * another number, and a refusal quotes what was typed (io.ts, `recordTypedNumbers`).
 */
function typedNumberFlags(argv: readonly string[], commands: readonly Command[]): Map<string, string> {
  const texts = new Map<string, string>();
  const options = optionsOf(argv, commands);
  if (options === null) return texts;
  const table = flagTable(options);
  for (const { flag, inline, next } of givenFlags(argv, table)) {
    const value = inline ?? next;
    if (table.numbers.has(flag) && value !== undefined) texts.set(flag, value);
  }
  return texts;
}

/** A first word that names no command (yargs would call it an unknown argument): the error, or null. */
function unknownCommand(argv: readonly string[]): TengymError | null {
  const first = argv[0];
  if (first === undefined || first.startsWith('-')) return null;
  const names = COMMAND_NAMES;
  if (names.includes(first)) return null;
  const near = closest(first, names);
  return new TengymError(
    'bad-argument',
    `unknown command "${first}"${near === null ? '' : ` (did you mean ${near}?)`}; the commands: ${names.join(', ')} ` +
      `(tengym --help describes them)`,
  );
}

/** yargs' "Unknown argument: option" with the closest flag of the command: " (did you mean --options?)". */
function flagSuggestion(
  message: string,
  argv: readonly string[],
  commands: readonly Command[],
  configFields: ReadonlySet<string>,
): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return '';
  // A config field given as a flag (CleanRL's --num-envs 8): said where it goes instead.
  if (argv[0] === 'train') {
    const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const fields = configFields;
    const given = [...new Set(m[1].split(', ').map(camel))].filter((f) => fields.has(f));
    if (given.length > 0)
      return (
        ` (${given.join(', ')}: ${given.length === 1 ? 'a config field' : 'config fields'}, given with ` +
        `--config, a file or inline JSON: --config '{"${given[0]}": …}')`
      );
  }
  const flags = flagsOf(argv, commands).filter((f) => f.length > 1);
  const hints = m[1].split(', ').flatMap((unknown) => {
    const c = closest(unknown, flags);
    return c === null ? [] : [`--${c}`];
  });
  return hints.length === 0 ? '' : ` (did you mean ${hints.join(', ')}?)`;
}

/**
 * Runs the command line `argv` (the words after `tengym`). `exit` ends it with a code where it fails: the process's
 * exit, or (a test running commands in its own process) a throw its caller catches.
 */
export async function main(argv: string[], exit: (code: number) => never = process.exit): Promise<void> {
  // The code the run ended with, once it has: yargs may hand the error it reported on to the catch below, where an
  // `exit` that returns to a caller would report it twice.
  let endedWith = null as number | null;
  const end = (code: number): never => {
    endedWith = code;
    return exit(code);
  };
  announceBackendByDefault();
  const unknown = unknownCommand(argv);
  let commands: Command[] = [];
  // The train command's config fields, named when given as flags (flagSuggestion).
  let configFields = new Set<string>();
  try {
    if (unknown === null) commands = await commandsFor(argv);
    if (argv[0] === 'train')
      configFields = new Set(
        (await import('./commands/train.js')).configFieldsHelp().flatMap(([, names]) => names.split(' ')),
      );
  } catch (e) {
    reportAndExit(e, end);
  }
  let cli: Argv = yargs(argv)
    .scriptName('tengym')
    .usage('$0 <command> [options]\n\nRL environments, agents and hints for the sum-to-ten solitaires.');
  for (const command of commands) cli = cli.command(command);
  cli = cli
    .demandCommand(
      1,
      // Every command, from the list itself: none left out.
      `Name a command: tengym ${COMMAND_NAMES.join(' | ')} (tengym --help lists them)`,
    )
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version(TENGYM_VERSION)
    // After --help or --version, main returns instead of yargs exiting at once: the write
    // error of output that cannot be written (main.ts's handler on stdout) is heard first.
    .exitProcess(false)
    // COLUMNS, when exported, is the width asked for (COLUMNS=1000 prints each example on one line).
    .wrap(Number(process.env.COLUMNS) > 0 ? Number(process.env.COLUMNS) : Math.min(110, process.stdout.columns || 100))
    .fail((msg, err) => {
      if (err) reportAndExit(err, end);
      // One line, as every other error: yargs' own messages span several ("Invalid values:\n  Argument: …").
      const oneLine = msg.replace(/:?\s*\n\s*/g, ': ').trim();
      const help = oneLine.includes('--help') ? '' : " (tengym <command> --help shows a command's options)";
      process.stderr.write(`tengym: ${oneLine}${flagSuggestion(msg, argv, commands, configFields)}${help}\n`);
      end(1);
    });
  try {
    const misused = unknown ?? flagMisuse(argv, commands);
    if (misused) throw misused;
    recordTypedNumbers(typedNumberFlags(argv, commands));
    await cli.parseAsync();
  } catch (e) {
    if (endedWith !== null) exit(endedWith);
    reportAndExit(e, end);
  }
}
