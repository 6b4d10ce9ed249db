// A Card Merge 10 (Tens) app's game layer on tengym: moves by card, step events to animate, undo, outcome and hints.
import { type Env, type StepEvents, createHinter, make } from 'tengym';

export type Variant = 'strict' | 'buffered';
const hinter = createHinter();
const slot = (index: number) => ({ place: 'slot', index });

/** A new deal: seeded, 13 or 15 slots, refilled at once or when the player deals; 3 undos. */
export function initGame(seed: number, size: 13 | 15 = 13, variant: Variant = 'strict'): Env {
  const env = make('tens', { tableau: size, refill: variant, undoLimit: 3 }).trackEvents();
  env.reset({ seed });
  return env;
}

/** The moves on the table, by slot: pairs that make 10, and four of a kind (ten, jack, queen, king). */
export function scanLegalMoves(env: Env): { pairsTo10: number[][]; quartets: number[][]; canRefill: boolean } {
  const moves = env.moves();
  const slots = (kind: string) => moves.filter((m) => m.kind === kind).map((m) => m.cards.map((c) => c.index));
  return { pairsTo10: slots('pair'), quartets: slots('quartet'), canRefill: moves.some((m) => m.kind === 'deal') };
}

/** Removes the cards at these slots if they make a move; what happened (for the animation), or null. */
export function removeCards(env: Env, indices: number[]): StepEvents | null {
  const move = env.moveTaking(indices.map(slot));
  return move === null ? null : (env.step(move.action), env.events());
}

/** Deals into the empty slots (buffered): the move that takes no card. */
export function refill(env: Env): StepEvents | null {
  const deal = env.moveTaking([]);
  return deal === null ? null : (env.step(deal.action), env.events());
}

/** Takes the last move back while undos are left. */
export function undo(env: Env): StepEvents | null {
  return env.undosLeft > 0 && env.undoDepth > 0 ? (env.undo(), env.events()) : null;
}

/** null while the game runs; then won or not, the cards left and the sentence to show. */
export function outcome(env: Env): { won: boolean; cardsLeft: number; text: string } | null {
  return env.running ? null : { ...(env.outcome() as { won: boolean; cardsLeft: number }), text: env.endText() };
}

/** The slots of the hinted move ([] for a refill), or null once the game is over. */
export const hint = (env: Env): number[] | null =>
  env.running ? hinter.hint(env).hints[0].cards.map((c) => c.index) : null;

/** Tap a card: the slots of the cards that complete a move with it. */
export const partners = (env: Env, index: number): number[] => env.partners(slot(index)).map((c) => c.index);
