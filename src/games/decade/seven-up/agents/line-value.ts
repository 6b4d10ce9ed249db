/**
 * The exact value of a Seven Up line with nothing left to draw, in polynomial time: the fewest cards
 * any order of discards leaves.
 *
 * Why it is exact (the argument of Decade's `LineSolver`, src/games/decade/agents/hold.ts): the cards
 * one discard takes form a block of the original line, every card between them gone before. Blocks of
 * a game never cross, each gap inside a block is cleared by blocks nested in it, and no card left at
 * the end lies inside a block. Conversely any such family can be played, innermost first. So a
 * segment clears when its first card starts a block (a chain of 1 to 4 cards whose gaps clear, with a
 * total divisible by 7) followed by a segment that clears; the fewest cards left is the fewest
 * outside disjoint segments that clear. Chains are tracked by their total modulo 7 and their length.
 */
const MAX_CARDS = 52;
const MOD = 7;

export class SevenUpLineValue {
  private readonly minRun: number;
  private readonly maxRun: number;
  /** clear[l * 53 + r + 1] = 1 when cards l..r can all be discarded (r + 1 = l: the empty segment). */
  private readonly clear = new Uint8Array((MAX_CARDS + 1) * (MAX_CARDS + 1));
  /** chains[(j * 4 + t)]: bit m set when a chain from the current start to card j, of t + 1 cards, totals m mod 7. */
  private readonly chains = new Int32Array(MAX_CARDS * 4);
  private readonly fewest = new Int32Array(MAX_CARDS + 1);

  constructor(minRun: number, maxRun: number) {
    this.minRun = minRun;
    this.maxRun = maxRun;
  }

  /** The fewest cards the line `vals[0..n)` (values 1..13) can be brought down to. */
  fewestLeft(vals: ArrayLike<number>, n: number): number {
    const W = MAX_CARDS + 1;
    const clear = this.clear;
    const chains = this.chains;
    for (let l = n; l >= 0; l--) clear[l * W + l] = 1; // the empty segment l..l-1
    for (let l = n - 1; l >= 0; l--) {
      for (let r = l; r < n; r++) clear[l * W + r + 1] = 0;
      chains.fill(0, l * 4, n * 4);
      chains[l * 4] = 1 << (vals[l] % MOD);
      for (let j = l; j < n; j++) {
        for (let t = 0; t < this.maxRun; t++) {
          const m = chains[j * 4 + t];
          if (m === 0) continue;
          // A block l..j (t + 1 cards, total ≡ 0): l..r clears wherever j+1..r does.
          if (t + 1 >= this.minRun && (m & 1) !== 0) {
            for (let r = j; r < n; r++) if (clear[(j + 1) * W + r + 1] === 1) clear[l * W + r + 1] = 1;
          }
          if (t + 1 >= this.maxRun) continue;
          // The chain's next card: k, past a gap j+1..k-1 that clears.
          for (let k = j + 1; k < n; k++) {
            if (clear[(j + 1) * W + k] !== 1) continue;
            const v = vals[k] % MOD;
            chains[k * 4 + t + 1] |= ((m << v) | (m >>> (MOD - v))) & 0x7f;
          }
        }
      }
    }
    const fewest = this.fewest;
    fewest[0] = 0;
    for (let r = 0; r < n; r++) {
      let best = fewest[r] + 1;
      for (let l = 0; l <= r; l++) if (clear[l * W + r + 1] === 1 && fewest[l] < best) best = fewest[l];
      fewest[r + 1] = best;
    }
    return fewest[n];
  }
}
