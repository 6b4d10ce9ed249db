/**
 * Shared pieces of the `tengym` commands: parsing --options and --deck, printing
 * JSON Lines and tables, and turning TengymErrors into one clear line on stderr.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { slowFirstMove } from '../agents/index.js';
import { TengymError, isPlainObject } from '../env/errors.js';
import { MAX_SEED } from '../env/rng.js';
import type { EnvConfig } from '../env/game.js';

export { TENGYM_VERSION } from '../node/version.js';

export function parseOptionsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new TengymError(
      'bad-options',
      `--options is not valid JSON (${(e as Error).message}); example: --options '{"tableau":15}'`,
    );
  }
  if (!isPlainObject(value))
    throw new TengymError('bad-options', `--options must be a JSON object such as '{"tableau":15}', got ${text}`);
  return value;
}

/**
 * A command run over every env id (`--env all`, `bench --hints` without --env) plays each with its
 * defaults: --options, one id's options (a key of one id is unknown to another, or means
 * something else there), is refused with it unless it is empty. `every` names the flags.
 */
export function checkNoOptionsForEvery(text: string | undefined, every: string, which = 'every id'): void {
  if (Object.keys(parseOptionsJson(text)).length === 0) return;
  throw new TengymError(
    'bad-argument',
    `--options goes with one env id, not with ${every}, which runs ${which} with its defaults (each id has ` +
      `its own options): give --env ID --options '…' for a variant`,
  );
}

/**
 * The text each number flag was given as on this command line, by the flag's name (main.ts records
 * it before yargs parses): yargs makes a double of it, which past 2^53 is another number
 * (9007199254740993 is read as 9007199254740992), so a message quotes what was typed.
 */
const typedNumbers = new Map<string, string>();

/** Records the texts the number flags were given as (`tengym --seed 9007199254740993`: seed → "9007199254740993"). */
export function recordTypedNumbers(texts: ReadonlyMap<string, string>): void {
  typedNumbers.clear();
  for (const [flag, text] of texts) typedNumbers.set(flag, text.trim());
}

/** A refused number as a message shows it: as it was typed, when it was (yargs gives NaN for "x"). */
function shownNumber(flag: string, value: number): string {
  if (Number.isNaN(value)) return 'something that is not a number';
  const typed = typedNumbers.get(flag);
  // The typed text only when it is this flag's value (not a default, not another reading of it).
  return typed !== undefined && typed !== '' && Number(typed) === value ? typed : String(value);
}

/**
 * Checks a numeric command-line option (yargs gives NaN for "x"): an integer unless
 * `integer` is false, at least `min` (or above it when `above` is set), at most `max` (`maxWhy`
 * says why the bound is there). The message names the flag.
 */
export function checkNumberOption(
  flag: string,
  value: number | undefined,
  {
    min = 0,
    integer = true,
    above = false,
    max,
    maxWhy,
  }: { min?: number; integer?: boolean; above?: boolean; max?: number; maxWhy?: string } = {},
): void {
  if (value === undefined) return;
  // Past `max` is refused for that bound, an integer past 2^53 as much as any.
  if (max !== undefined && value > max)
    throw new TengymError(
      'bad-argument',
      `--${flag} ${shownNumber(flag, value)} is more than ${max}, the most tengym takes${maxWhy ? ` (${maxWhy})` : ''}`,
    );
  const ok =
    Number.isFinite(value) && (!integer || Number.isSafeInteger(value)) && (above ? value > min : value >= min);
  if (ok) return;
  const kind = integer ? 'integer' : 'number';
  let wanted =
    min === 0 && above
      ? `a positive ${kind}`
      : min === 1 && !above && integer
        ? 'a positive integer'
        : min === 0 && !above
          ? `${integer ? 'an integer' : 'a number'} ≥ 0`
          : `${integer ? 'an integer' : 'a number'} ${above ? 'above' : 'of at least'} ${min}`;
  // Integers stop at 2^53 − 1 (past it a number no longer holds every integer): one refused
  // only for its size is told that end, not the lower bound it meets.
  if (integer && value > Number.MAX_SAFE_INTEGER)
    wanted = `an integer from ${above ? min + 1 : min} to ${Number.MAX_SAFE_INTEGER}`;
  throw new TengymError('bad-argument', `--${flag} must be ${wanted}, got ${shownNumber(flag, value)}`);
}

/**
 * Checks a seed flag: an integer from 0 to `max` (any seed an env takes, 2^53 − 1, unless the
 * command's seeds stop sooner). The message gives the whole range: a seed names a deal, it is
 * not an amount, so a refused one is told both ends.
 */
export function checkSeedOption(flag: string, value: number | undefined, max = MAX_SEED): void {
  if (value === undefined || (Number.isSafeInteger(value) && value >= 0 && value <= max)) return;
  throw new TengymError(
    'bad-argument',
    `--${flag} must be an integer from 0 to ${max}, got ${shownNumber(flag, value)}`,
  );
}

/** "3,0,17" (or "3 0 17") → [3, 0, 17], naming the bad entry; an empty entry ("0,,0") is one. */
export function parseActionList(text: string): number[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(/\s*,\s*|\s+/);
  return parts.map((p, i) => {
    if (p === '')
      throw new TengymError(
        'bad-action',
        `--actions: entry ${i + 1} is empty (two commas in a row, or one at an end); give ids such as 3,0,17`,
      );
    if (!/^-?\d+$/.test(p))
      throw new TengymError(
        'bad-action',
        `--actions: entry ${i + 1} "${p}" is not an action id (give ids such as 3,0,17)`,
      );
    return Number(p);
  });
}

export function writeLine(line: string): void {
  process.stdout.write(line + '\n');
}

/**
 * Exits with `code` once what was written to stdout has gone out: into a pipe, a write still queued is lost by an exit
 * at once.
 */
export function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

/** The columns a command's text keeps within: tables wrap their last column, sentences their words. */
export const SCREEN_WIDTH = 100;

/**
 * `text` in lines of at most `width` columns, broken at spaces, the lines after the first starting with `indent`; a
 * word longer than a line (a path, a command's JSON) keeps a line of its own.
 */
export function wrapText(text: string, width = SCREEN_WIDTH, indent = ''): string {
  // Spaces that open the text open its first line.
  const leading = /^ */.exec(text)?.[0] ?? '';
  const lines: string[] = [];
  let line = '';
  for (const word of text.slice(leading.length).split(' ')) {
    const start = lines.length === 0 ? leading : indent;
    if (line !== '' && start.length + line.length + 1 + word.length > width) {
      lines.push(start + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push((lines.length === 0 ? leading : indent) + line);
  return lines.join('\n');
}

/**
 * A command line in lines of at most `width` columns, each but the last ending in " \\" as a shell continues it, so
 * that it can still be copied and run; the lines after the first start with `indent`.
 */
export function wrapCommand(command: string, width = SCREEN_WIDTH, indent = '    '): string {
  return wrapText(command, width - 2, indent)
    .split('\n')
    .join(' \\\n');
}

/**
 * Right-aligned columns for numbers, left for text. An empty cell (no figure for that row, as
 * four-ten has no mean cards left) leaves the column to the others. With `width`, a last column of
 * text that would pass it wraps onto lines of its own under it.
 */
export function formatTable(header: string[], rows: (string | number)[][], { width }: { width?: number } = {}): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => r[c].length)));
  const numeric = header.map((_, c) =>
    rows.every((r) => typeof r[c] === 'number' || /^[\d.,%±\-–[\] ]*$/.test(String(r[c]))),
  );
  const last = header.length - 1;
  const before = widths.slice(0, last).reduce((sum, w) => sum + w + 2, 0);
  if (width !== undefined && !numeric[last] && before + widths[last] > width)
    widths[last] = Math.max(20, width - before);
  const fmt = (r: string[]) => {
    const head = r.slice(0, last).map((v, c) => (numeric[c] ? v.padStart(widths[c]) : v.padEnd(widths[c])));
    const lastCell = numeric[last] ? r[last].padStart(widths[last]) : r[last];
    const [first, ...more] =
      lastCell.length <= widths[last] ? [lastCell] : wrapText(lastCell, widths[last]).split('\n');
    return [[...head, first].join('  ').trimEnd(), ...more.map((line) => ' '.repeat(before) + line)].join('\n');
  };
  return [fmt(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(fmt)].join('\n');
}

export const pct = (x: number, digits = 2): string => `${(100 * x).toFixed(digits)}%`;

/** A difference of rates in points, signed: 0.0047 is "+0.47". */
export const signedPoints = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(2)}`;

/**
 * A paired difference with its 95% interval, "+0.47 [-0.85, +1.78]", each figure by `show`.
 * One deal gives no spread: its bounds are ±Infinity (null once written as JSON and read back
 * by a resumed run), shown '–'.
 */
export function intervalText(
  diff: number,
  ci95: readonly [number | null, number | null],
  show: (x: number) => string = signedPoints,
): string {
  const bound = (x: number | null) => (typeof x === 'number' && Number.isFinite(x) ? show(x) : '–');
  return `${show(diff)} [${bound(ci95[0])}, ${bound(ci95[1])}]`;
}

/** The longest line an interactive command reads (a move, a command): far past any typed line. */
export const MAX_INPUT_LINE = 64 * 1024;

/**
 * The lines of a stream (text, UTF-8; "\n" or "\r\n" ends one), the last one without its end included. A line
 * longer than `max` characters is refused by `tooLong` as soon as it passes the bound, before it fills the memory
 * (`< /dev/zero` is one endless line).
 */
export async function* boundedLines(
  stream: AsyncIterable<Buffer | string>,
  tooLong: () => Error,
  max = MAX_INPUT_LINE,
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of stream) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let end = pending.indexOf('\n');
    while (end !== -1) {
      const line = pending.slice(0, end);
      if (line.length > max) throw tooLong();
      yield line.endsWith('\r') ? line.slice(0, -1) : line;
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
    if (pending.length > max) throw tooLong();
  }
  pending += decoder.end();
  if (pending.length > max) throw tooLong();
  if (pending !== '') yield pending;
}

/** The text of a file, or of stdin for "-"; a missing or unreadable file is a clear error. */
export async function readTextInput(path: string, what: string): Promise<string> {
  const named = path === '-' ? `${what} on stdin` : `${what} "${path}"`;
  const tooLarge = (size?: number) =>
    new TengymError(
      'bad-argument',
      `${named} is larger than the ${megabytes(MAX_TEXT_INPUT)} tengym ` +
        `reads${size === undefined ? '' : ` (${megabytes(size)})`}: a game of 5,000 states is about 4 MiB`,
    );
  let bytes: Buffer;
  if (path === '-') {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of process.stdin) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      // Stopped as it passes the bound, before it fills the memory.
      if (total > MAX_TEXT_INPUT) throw tooLarge();
    }
    bytes = Buffer.concat(chunks);
  } else {
    try {
      const size = (await stat(path)).size;
      if (size > MAX_TEXT_INPUT) throw tooLarge(size);
      const read = readFileBounded(path, MAX_TEXT_INPUT);
      if (read === null) throw tooLarge();
      bytes = read;
    } catch (e) {
      if (e instanceof TengymError) throw e;
      throw new TengymError('bad-argument', `cannot read ${named}: ${readFailure(e)}`);
    }
  }
  // A file written by PowerShell 5's > is UTF-16: said by name, not met as characters that are no JSON.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new TengymError(
      'bad-argument',
      `${named} is UTF-16 text (as PowerShell 5's > writes it): save it as UTF-8 (Out-File -Encoding utf8)`,
    );
  }
  const text = bytes.toString('utf8');
  // A UTF-8 byte-order mark (Notepad's) is no part of the text.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A file's bytes, read up to `max` bytes, or null when it holds more. A size checked first is not
 * enough: a device or a pipe (/dev/zero, a FIFO) reports none and can be endless.
 */
export function readFileBounded(path: string, max: number): Buffer | null {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(2 ** 20, max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) return null;
    }
  } finally {
    closeSync(fd);
  }
}

/** The most a text input (a state file, a game so far) may hold: 5,000 states of the largest game are about 4 MB. */
export const MAX_TEXT_INPUT = 64 * 2 ** 20;

const megabytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MiB`;

/** Why a file could not be read, in words for the common cases (Node's own message otherwise). */
export function readFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory, not a file';
  if (code === 'EACCES') return 'permission denied';
  return (e as Error).message;
}

/**
 * A note for each agent whose first move works for minutes (`slowFirstMove`); played in this thread, Ctrl-C is heard
 * only after it.
 */
export function noteSlowFirstMoves(env: EnvConfig, agents: readonly string[], inThread: boolean): void {
  for (const name of agents) {
    const what = slowFirstMove(name, env);
    if (what)
      process.stderr.write(
        `note: ${name} on ${env.id}: ${what}` +
          (inThread ? '; played in this thread (--workers 0), it hears Ctrl-C only once that is done' : '') +
          '\n',
      );
  }
}

/**
 * Says on stderr, before anything is played, that no deal of `env` can be won with its options
 * (`Game.unwinnable`): every deal would run to its step limit for a win rate of 0.
 */
export function noteUnwinnable(env: EnvConfig): void {
  const why = env.game.unwinnable?.(env.options);
  if (why) process.stderr.write(`note: no deal of ${env.id} can be won with these options: ${why}\n`);
}
