/**
 * What the grid games share: their options (undos and the reward), and their engine from a declaration of the 5 × 5
 * grid's rules. Their moves are decisions, so two orders of moves may end differently.
 */
import * as z from 'zod/mini';
import { slotGame, slotOptionFields, type SlotGame, type SlotRulesSpec } from '../../env/layouts/index.js';

export const gridOptionsSchema = z.strictObject({ ...slotOptionFields('removed') });

/** A grid game's options, defaults filled in (the schema's output). */
export type GridOptions = z.output<typeof gridOptionsSchema>;

/** Every rank, A … K, for games whose pairs are two cards of one rank. */
export const ALL_RANKS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The rules a grid game declares: the 5 × 5 grid's own are filled in (the refill on the player's deal by default). */
export type GridRules = Omit<SlotRulesSpec, 'slots' | 'columns' | 'refill' | 'rewardCards' | 'undoLimit'> &
  Partial<Pick<SlotRulesSpec, 'refill'>>;

/** A grid game's engine: its name, its rules on the 5 × 5 grid, and its prompt. */
export function gridGame({
  name,
  rules,
  prompt,
}: {
  name: string;
  rules: GridRules;
  prompt: string;
}): SlotGame<GridOptions> {
  return slotGame<GridOptions>({
    name,
    optionsSchema: gridOptionsSchema,
    rules: () => ({ slots: 25, columns: 5, refill: 'on-deal', ...rules }),
    prompt: () => prompt,
    sameOutcome: false,
  });
}
