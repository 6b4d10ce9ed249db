/** The options Tens and Block Ten share, spread into each game's schema. */
import * as z from 'zod/mini';

export const sharedOptionFields = {
  refill: z
    ._default(z.enum(['strict', 'buffered']), 'strict')
    .check(z.describe('Refill empty slots at once (strict) or when you deal (buffered)')),
  undoLimit: z._default(z.literal([0, 3, 'unlimited']), 0).check(z.describe('Undos per game')),
  reward: z
    ._default(z.enum(['win', 'cards']), 'win')
    .check(z.describe('Training reward: 1 for a win, or per card cleared')),
};
