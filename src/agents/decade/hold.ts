/**
 * Holding, when discards are optional on one straight line (no loop, 1 stack, discarded
 * cards gone: `decade-optional` and its variants).
 *
 * There, drawing never loses anything: cards are only ever added at the right end, so a
 * run that could be discarded now is still a run (the same cards, still consecutive)
 * after any number of draws, as long as no overlapping run is discarded first. Any game
 * can therefore be replayed as "draw the whole stock, then make the same discards in
 * the same order", with the same end. A fair player who draws every card first loses
 * nothing and then sees every card: the fair optimum equals the perfect-information
 * optimum (the oracle's, about 85% of deals), and the exact solver on the full line
 * gives it. (Not with a loop, where a run must include the top card, nor with seven
 * stacks, where emptying a stack changes where later cards go.)
 */
import { DECK_SIZE, type Position, type Rules } from './position.js';

/** Without 'deck-bottom' no game takes 78 steps, so a `maxSteps` of 78 or more never cuts one short. */
const STEPS_NEVER_BINDING = 78;

export function holdsUntilStockEmpty(r: Rules): boolean {
  return r.optional && r.stacks === 1 && !r.loop && !r.deckBottom && r.maxSteps >= STEPS_NEVER_BINDING;
}

/** Draws the whole stock onto the line (one stack): the position a holding player reaches. */
export function drawAll(p: Position): void {
  const base = p.current * DECK_SIZE;
  for (let i = 0; i < p.stockLen; i++) p.vals[base + p.len[p.current] + i] = p.stock[(p.head + i) % DECK_SIZE];
  p.len[p.current] += p.stockLen;
  p.tableCount += p.stockLen;
  p.steps += p.stockLen;
  p.head = (p.head + p.stockLen) % DECK_SIZE;
  p.stockLen = 0;
}
