/**
 * Every error tengym raises on bad input: an unknown id, a bad option, a malformed
 * deck or state, an illegal action. The message names the problem and what would be
 * accepted; `code` lets a program tell the kinds apart without parsing text.
 */
import * as z from 'zod/mini';
import { zodEnglishMessage } from './zod-messages.js';

// zod's own English messages, which every "bad options" and "bad state" message quotes: the classic `zod` sets them
// when imported, zod/mini (what the engines' schemas use) leaves them to the app. Set here unless the app chose its
// own, from tengym's copy of the words rather than `zod/locales`, which would bring zod's 65 languages to a bundle.
if (z.config().localeError === undefined) z.config({ localeError: zodEnglishMessage });
/** What kind of bad input a `TengymError` reports (`error.code`). */
export type TengymErrorCode =
  | 'unknown-env'
  | 'bad-options'
  | 'bad-seed'
  | 'bad-deck'
  | 'bad-state'
  | 'bad-action'
  | 'illegal-action'
  | 'not-reset'
  | 'episode-over'
  | 'undo-unavailable'
  | 'bad-argument'
  /** A trained model's agent asked to play after its `dispose()` freed the model. */
  | 'disposed';

/**
 * The error every bad input raises: its `code` says what kind, its message names the field, card or
 * action and what would be accepted. A refused call leaves the env as it was.
 */
export class TengymError extends Error {
  readonly code: TengymErrorCode;
  constructor(code: TengymErrorCode, message: string) {
    super(message);
    this.name = 'TengymError';
    this.code = code;
  }
}

/**
 * An exception an agent threw while it played (an agent of one's own, or a bug in one of
 * tengym's), not a `TengymError`: said with which agent and where in the game, the exception
 * itself kept as `cause`, so that a command line shows the agent's own frame, not tengym's.
 */
export class AgentThrewError extends Error {
  /**
   * `who` names the agent and where it was ("agent "x", deal 3 (seed 7): the agent"); the message goes on "threw Error:
   * …".
   */
  constructor(who: string, thrown: unknown) {
    super(`${who} threw ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`, {
      cause: thrown,
    });
    this.name = 'AgentThrewError';
  }
}

/** Whether `e` is a `TengymError` (a type guard for `catch` blocks). */
export function isTengymError(e: unknown): e is TengymError {
  return e instanceof TengymError;
}

/**
 * A value as an error message shows it: JSON where JSON says what it is, and the
 * JavaScript spelling where JSON would mislead or throw (NaN and Infinity are not
 * `null`, a BigInt is `0n`, `undefined` is not left out).
 */
export function showValue(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return String(value);
  try {
    return (
      JSON.stringify(value, (_k, v: unknown) =>
        typeof v === 'bigint' ? `${v}n` : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
      ) ?? String(value)
    );
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * The control and format characters (`\p{Cc}` and `\p{Cf}`, Unicode 17.0), spelled out because Hermes 0.12 has no
 * property escapes; scripts/unicode-ranges.mjs writes them, and test/env/errors.test.ts holds them to `\p{…}`.
 */
export const CONTROL_OR_FORMAT =
  '\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890-\\u0891\\u08E2\\u180E' +
  '\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB\\u{110BD}\\u{110CD}' +
  '\\u{13430}-\\u{1343F}\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0001}\\u{E0020}-\\u{E007F}';
const SHOWN_ESCAPED = new RegExp(`[${CONTROL_OR_FORMAT}"\\\\]`, 'gu');

/**
 * A name from input (an env id, a state's env), quoted for a message: control and format
 * characters (NUL, a right-to-left override) written as \\uXXXX, which would otherwise hide in the
 * text or reorder it, and a long one cut to its first `max` characters.
 */
export function showName(name: string, max = 64): string {
  const escaped = (t: string) =>
    t.replace(SHOWN_ESCAPED, (c) =>
      c === '"' || c === '\\' ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return name.length > max ? `"${escaped(name.slice(0, max))}…" (${name.length} characters)` : `"${escaped(name)}"`;
}

/**
 * Whether a value (from JSON or a caller) is a plain object of fields: not null, not an array,
 * and made by `{ … }`, `JSON.parse` or `Object.create(null)`, not a `Map`, a `Date`, a class
 * instance or an object that inherits keys (spread or read field by field, those would silently
 * lose what they hold). An object of another realm (an iframe, `vm`) counts as plain too.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * An object's own fields by name, as a new record: how options and configs, typed by their
 * schema, are read and compared field by field.
 */
export function fieldsOf(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value));
}

/**
 * The path of the first own `__proto__` key in `value` (parsed JSON), as zod writes paths
 * ("options.__proto__", "envs[0].options.__proto__"), or null. `JSON.parse('{"__proto__": …}')`
 * keeps the key as an own property, but zod's records and objects, `Object.assign` and every
 * `copy[key] = value` drop it (or make what it holds the copy's prototype), so what a file says
 * under it would be lost without a word and the file read as something else. The files tengym
 * reads (model metadata, checkpoints) refuse such a key instead, naming where it is.
 * (`constructor`, `prototype` and the like stay own keys when copied; strict schemas refuse them.)
 */
export function protoKeyPath(value: unknown): string | null {
  // A stack, not recursion: JSON nested a hundred thousand deep parses, and must not overflow here.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: `${path}[${i}]` });
      continue;
    }
    if (Object.hasOwn(v, '__proto__')) return path === '' ? '__proto__' : `${path}.__proto__`;
    const entries: [string, unknown][] = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, field] = entries[i];
      stack.push({ value: field, path: path === '' ? key : `${path}.${key}` });
    }
  }
  return null;
}

/** The reason given with `protoKeyPath`'s path, in zod's words ("… → at options.__proto__"). */
export function protoKeyReason(path: string): string {
  return (
    `a key "__proto__" is not kept by a JavaScript object (what it holds would be dropped, not used): remove it ` +
    `→ at ${path}`
  );
}

/** "1 card", "3 cards": a count and its noun (plural by an s), as messages and the terminal say them. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** What a value is, in a few words, for messages that refuse a non-plain object ("a Map", "an array"). */
export function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value !== 'object') return showValue(value);
  const proto: unknown = Object.getPrototypeOf(value);
  const name = (proto as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  if (proto !== null && Object.getPrototypeOf(proto) !== null && (typeof name !== 'string' || name === 'Object'))
    return 'an object that inherits its keys';
  return typeof name === 'string' && name !== 'Object'
    ? `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name}`
    : showValue(value);
}

/**
 * What a state argument that is no state object is, for "bad state" messages: saved JSON passed as its text is the
 * likely mistake, so this says how to load it.
 */
export function describeNotState(value: unknown): string {
  if (typeof value === 'string') return 'a string: JSON.parse(text) turns saved JSON into it';
  // An env passed for its state: it has getState().
  const kind = describeKind(value);
  return typeof (value as { getState?: unknown } | null)?.getState === 'function'
    ? `${kind}: its getState() gives the state`
    : kind;
}

/**
 * A zod error on one line, its issues apart by "; ", as every "bad options", "bad state" and "bad config" message shows
 * it.
 */
export function formatZodError(error: z.core.$ZodError): string {
  return z.prettifyError(error).replace(/\n✖ /g, '; ').replace(/\n\s*/g, ' ').replace(/✖ /g, '');
}
