/** What the grid games share: the 5 × 5 grid whose slots refill on the player's deal, and every rank. */
export const GRID = { slots: 25, columns: 5, refill: 'on-deal' } as const;

/** Every rank, A … K, for games whose pairs are two cards of one rank. */
export const ALL_RANKS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
