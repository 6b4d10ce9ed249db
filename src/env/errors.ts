/**
 * Every error tengym raises on bad input: an unknown id, a bad option, a malformed
 * deck or state, an illegal action. The message names the problem and what would be
 * accepted; `code` lets a program tell the kinds apart without parsing text.
 */
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
  | 'bad-argument';

export class TengymError extends Error {
  readonly code: TengymErrorCode;
  constructor(code: TengymErrorCode, message: string) {
    super(message);
    this.name = 'TengymError';
    this.code = code;
  }
}

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
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
