/** The options Tens and Block Ten share, spread into each game's schema. */
import * as z from 'zod/mini';
import { slotOptionFields } from '../../env/layouts/slot-game.js';

export const sharedOptionFields = {
  refill: z
    ._default(z.enum(['strict', 'buffered']), 'strict')
    .check(z.describe('Refill empty slots at once (strict) or when you deal (buffered)')),
  ...slotOptionFields('cleared'),
};
