// Pyramid positions for the tests: an env dealt a deck, or put at a position laid out by hand
// (the slots' cards, the stock's face-up top, the face-down stock, the waste), every other card
// removed.
import { cardCode, parseCardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { make } from '../../../src/env/registry.js';
import { DRAW, KING_BASE, RECYCLE, STOCK, WASTE, pairActionId, slotOf } from '../../../src/games/pyramid/engine.js';

export { DRAW, RECYCLE, STOCK, WASTE, pairActionId, slotOf };
export const king = (place: number): number => KING_BASE + place;
/** The pair id of two places in either order. */
export const pair = (a: number, b: number): number => pairActionId(Math.min(a, b), Math.max(a, b));

export interface Layout {
  /** Slot → card code; slots not given are empty. */
  pyramid: Record<number, string>;
  stockTop?: string | null;
  /** Face-down stock, its top first. */
  stock?: string[];
  /** Bottom first: the last is the waste's top card. */
  waste?: string[];
  pass?: number;
  steps?: number;
}

/** The game JSON of a layout, every card not placed removed. */
export function gameJson(l: Layout): Record<string, unknown> {
  const pyramid: (string | null)[] = Array.from({ length: 28 }, (_, i) => l.pyramid[i] ?? null);
  const placed = new Set(
    [...Object.values(l.pyramid), ...(l.stockTop ? [l.stockTop] : []), ...(l.stock ?? []), ...(l.waste ?? [])].map(
      parseCardCode,
    ),
  );
  const removed: string[] = [];
  for (let c = 0; c < 52; c++) if (!placed.has(c)) removed.push(cardCode(c));
  return {
    pyramid,
    stockTop: l.stockTop ?? null,
    stock: l.stock ?? [],
    waste: l.waste ?? [],
    removed,
    pass: l.pass ?? 1,
    steps: l.steps ?? 40,
  };
}

/** A `pyramid` env with `options` at the layout's position. */
export function envAt(l: Layout, options: Record<string, unknown> = {}): Env {
  const env = make('pyramid', options);
  env.reset({ seed: 0 });
  env.setState({ ...env.getState(), game: gameJson(l) });
  return env;
}

/** The legal moves, described. */
export const moves = (env: Env): string[] => env.legalActions().map((a) => env.describeAction(a));

/** A whole deck: the 28 pyramid cards row by row, then the stock, its top first. */
export function deck(pyramidRows: string, stock: string): string[] {
  return [...pyramidRows.trim().split(/\s+/), ...stock.trim().split(/\s+/)];
}

/** Why `action` is not legal in the env now (the engine's `whyIllegal`). */
export const why = (env: Env, action: number): string => env.game.whyIllegal!(env.rawState, env.options, action);
