/**
 * What a game that leaves out an optional member of `Game` (game.ts, its table of groups) gets in
 * its place, so that a game of a dozen functions still renders, saves, and plays on the page:
 *
 * - text: an action is "action 7"; an illegal one "is not among the legal moves now"; the board as text;
 * - JSON: the state's own fields (numbers, booleans, strings, typed arrays, and plain objects and arrays
 *   of them) as they are, read back only into a state of the same shape;
 * - front end: the legal moves as rows a page taps, each with the words of its action.
 *
 * Env reads every optional member through these, so no caller meets a missing one. Browser-safe.
 */
import type { BoardPart, BoardView, CardSpot } from './board.js';
import { TengymError, isPlainObject, showValue } from './errors.js';
import type { AnyGame, Outcome } from './game.js';

/** The words of an action: the game's, or "action 7". */
export function describeActionOf(game: AnyGame, s: unknown, o: object, action: number): string {
  return game.describeAction ? game.describeAction(s, o, action) : `action ${action}`;
}

/** Why an action is not legal now: the game's words, or that it is not among the legal moves. */
export function whyIllegalOf(game: AnyGame, s: unknown, o: object, action: number): string {
  return game.whyIllegal ? game.whyIllegal(s, o, action) : 'it is not among the legal moves now';
}

/** The cards a legal action takes: the game's, or none. */
export function actionCardsOf(game: AnyGame, s: unknown, o: object, action: number): CardSpot[] {
  return game.actionCards ? game.actionCards(s, o, action) : [];
}

/**
 * The board as a front end draws it: the game's, or its legal moves as rows (each labelled with its
 * words and playing its action when tapped), which the page draws and plays as it does any rows.
 */
export function boardOf(game: AnyGame, s: unknown, o: object, legal: readonly number[]): BoardView {
  if (game.board) return game.board(s, o);
  const rows = legal.map((action) => ({
    name: `action-${action}`,
    label: describeActionOf(game, s, o, action),
    action,
    room: 0,
    cards: actionCardsOf(game, s, o, action),
    note: '',
    made: false,
  }));
  return { style: 'moves', parts: [{ kind: 'rows', rows }] };
}

/** A board part as lines of text for a terminal. */
function partText(part: BoardPart): string[] {
  const codes = (cards: readonly CardSpot[]) => cards.map((c) => c.code).join(' ');
  switch (part.kind) {
    case 'grid':
      return [part.cells.map((c) => ('empty' in c ? '--' : c.code)).join(' ')];
    case 'line':
      return [`line: ${codes(part.cards)}${part.loop ? ' (a loop)' : ''}`];
    case 'columns':
      return part.columns.map((c) => `${c.label}: ${codes(c.cards)}`);
    case 'rows':
      return part.rows.map(
        (r) => `${r.label}${r.cards.length ? `: ${codes(r.cards)}` : ''}${r.note ? ` ${r.note}` : ''}`,
      );
    case 'overlap': {
      // Each row centred under the one before; a covered card in brackets.
      const lines = part.rows.map((row) =>
        row.map((c) => ('empty' in c ? ' -- ' : c.blocked ? `(${c.code})` : ` ${c.code} `)).join(''),
      );
      const width = Math.max(0, ...lines.map((l) => l.length));
      return lines.map((l) => ' '.repeat(Math.floor((width - l.length) / 2)) + l);
    }
    case 'piles':
      return [
        part.piles
          .map((p) => (p.kind === 'card' ? `${p.label}: ${p.card?.code ?? '-'}` : `${p.label}: ${p.count}`))
          .join(' · '),
      ];
    case 'facts':
      return [part.facts.map((f) => `${f.term}: ${f.value}`).join(' · ')];
    default:
      return [];
  }
}

/** A board as plain text, a part a line (or a line a row): what `render` gives for a game without its own. */
export function boardText(view: BoardView): string {
  return view.parts.flatMap(partText).join('\n');
}

/** The board as text: the game's own `render`, or its board (`boardOf`) as lines. */
export function renderOf(game: AnyGame, s: unknown, o: object, legal: readonly number[]): string {
  return game.render ? game.render(s, o) : boardText(boardOf(game, s, o, legal));
}

/**
 * How the game ended, for a player: the game's words, or the win or the loss with its result's fields
 * ("Won: 0 cards left.", "No more moves: rounds 7, points 38.").
 */
export function endTextOf(
  game: AnyGame,
  s: unknown,
  o: object,
  outcome: Outcome,
  ending: { truncated: boolean; steps: number },
): string {
  if (game.endText) return game.endText(s, o, ending);
  const fields = game.result.fields.map((f) => `${f.label} ${String(outcome[f.key])}`).join(', ');
  const how = outcome.won ? 'Won' : ending.truncated ? `Out of moves after ${ending.steps}` : 'No more moves';
  return fields === '' ? `${how}.` : `${how}: ${fields}.`;
}

/**
 * A state's field as JSON: numbers, booleans and strings as they are, typed arrays as arrays,
 * plain objects field by field.
 */
function fieldJSON(value: unknown, path: string): unknown {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' || value === null)
    return value;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView))
    return Array.from(value as unknown as ArrayLike<number>);
  if (Array.isArray(value)) return value.map((v, i) => fieldJSON(v, `${path}[${i}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fieldJSON(v, `${path}.${k}`)]));
  }
  throw new TengymError(
    'bad-argument',
    `this game has no toJSON, and its state's ${path} is ${showValue(value)}: the state's own JSON takes numbers, ` +
      'booleans, strings, typed arrays, and plain objects and arrays of them (give the game toJSON and fromJSON)',
  );
}

/** The state as JSON: the game's `toJSON`, or the state's own fields (`fieldJSON`). */
export function stateJSON(game: AnyGame, s: unknown, o: object): unknown {
  return game.toJSON ? game.toJSON(s, o) : fieldJSON(s, 'state');
}

/**
 * Writes `json` into `target` (a fresh state of the same options): every field of the same kind and
 * size as the fresh state's, or a TengymError('bad-state') naming the first that is not.
 */
function loadField(json: unknown, target: unknown, path: string): unknown {
  const refuse = (what: string) => new TengymError('bad-state', `bad state: ${path} ${what}, got ${showValue(json)}`);
  if (typeof target === 'number') {
    if (typeof json !== 'number' || !Number.isFinite(json)) throw refuse('must be a finite number');
    return json;
  }
  if (typeof target === 'boolean' || typeof target === 'string') {
    if (typeof json !== typeof target) throw refuse(`must be a ${typeof target}`);
    return json;
  }
  if (target === null) {
    if (json !== null) throw refuse('must be null');
    return json;
  }
  if (ArrayBuffer.isView(target) && !(target instanceof DataView)) {
    const array = target as unknown as { length: number; set(values: ArrayLike<number>): void; [i: number]: number };
    if (!Array.isArray(json) || json.length !== array.length || !json.every((v) => typeof v === 'number'))
      throw refuse(`must be a list of ${array.length} numbers`);
    // A typed array keeps what fits it: a value it would change (3.5 in integers, 300 in bytes) is refused.
    const copy = new (target.constructor as new (n: number) => typeof array)(array.length);
    copy.set(json as number[]);
    for (let i = 0; i < json.length; i++)
      if (copy[i] !== json[i]) throw refuse(`holds ${json[i]} at ${i}, which it cannot`);
    array.set(copy);
    return target;
  }
  if (Array.isArray(target)) {
    if (!Array.isArray(json) || json.length !== target.length) throw refuse(`must be a list of ${target.length}`);
    for (let i = 0; i < target.length; i++) target[i] = loadField(json[i], target[i], `${path}[${i}]`);
    return target;
  }
  if (isPlainObject(target) && Object.getPrototypeOf(target) === Object.prototype) {
    const t = target;
    if (!isPlainObject(json)) throw refuse('must be an object');
    const given = json;
    const extra = Object.keys(given).find((k) => !Object.hasOwn(t, k));
    if (extra !== undefined) throw new TengymError('bad-state', `bad state: ${path} has no field "${extra}"`);
    for (const key of Object.keys(t)) {
      if (!Object.hasOwn(given, key)) throw new TengymError('bad-state', `bad state: ${path}.${key} is missing`);
      t[key] = loadField(given[key], t[key], `${path}.${key}`);
    }
    return target;
  }
  throw refuse('is of a kind the state JSON does not hold');
}

/** Loads `json` into the fresh state `s`: the game's `fromJSON`, or the state's own fields (`loadField`). */
export function loadStateJSON(game: AnyGame, json: unknown, o: object, s: unknown): void {
  if (game.fromJSON) game.fromJSON(json, o, s);
  else loadField(json, s, 'state');
}
