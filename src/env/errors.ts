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
