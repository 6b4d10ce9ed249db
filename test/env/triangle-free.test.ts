// The triangle layout's free slots as bits (freeSlots, row by row) are the slots a per-slot look at the covering cards
// finds free, for every shape of triangle and any cards present: the listing and the observation read them.
import { describe, expect, it } from 'vitest';
import { freeSlots, MAX_ROWS, slotOf, triangleShape } from '../../src/env/layouts/triangle-shape.js';
import { isFree } from '../../src/env/layouts/triangle.js';
import { createRng, randomInt } from '../../src/env/rng.js';

describe('freeSlots', () => {
  for (let rows = 1; rows <= MAX_ROWS; rows++) {
    it(`${rows} rows: the slots no present card covers, as isFree finds them one by one`, () => {
      const shape = triangleShape(rows);
      const slots = slotOf(rows, 0);
      const rng = createRng(rows);
      const all = slots === 32 ? -1 : (1 << slots) - 1;
      // Every mask of the small shapes; a sample of the larger ones, emptied from full as a game empties them.
      const masks: number[] = [];
      if (slots <= 10) for (let m = 0; m <= all; m++) masks.push(m);
      else
        for (let game = 0; game < 300; game++)
          for (let m = all; m !== 0; m &= ~(1 << randomInt(rng, 0, slots - 1))) masks.push(m);
      for (const present of masks) {
        let expected = 0;
        for (let i = 0; i < slots; i++) if (isFree(shape, present, i)) expected |= 1 << i;
        expect(freeSlots(present, rows) | 0, `rows ${rows}, present ${present.toString(2)}`).toBe(expected | 0);
      }
    });
  }
});
