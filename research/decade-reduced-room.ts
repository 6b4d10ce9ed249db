/**
 * Node-only: the exact fair optimum of a decade preset on a small deck (or at the end of a full
 * one), against `pimc` and `longest` on the same deals.
 *
 *   npx tsx research/decade-reduced-room.ts --env decade-loop --deals 1000 --seed 710000
 * npx tsx research/decade-reduced-room.ts --env decade-loop --deck full --unseen 12 --deals 300
 * --seed 720000
 *
 * What a fair player knows of a decade position is the table, the unseen cards' composition and,
 * with 'deck-bottom', the order of the cards it saw go under the stock. Over that knowledge the
 * game is a Markov decision process. On the full deck it is far too large to solve; on a deck of
 * 14 cards (`SMALL_DECK`: one suit and a second five, whose total is a multiple of ten), or from
 * a full-deck position with a dozen cards unseen, it is not: `FairSolver` is an expectimax over
 * it, a draw of an unseen card averaged over the unseen values by their counts, the player's
 * moves maximised, memoized on what the player knows. Its value is the best win chance any fair
 * player has there (with 'deck-bottom': up to the cycles, which it counts as lost, as the oracle's
 * solver does).
 *
 * Each deal i (seed + i) is played by `pimc` (its own decision rule, `PimcSearch`, with the
 * preset's samples and budgets; its samples shuffle only the unseen cards) until at most
 * `--unseen` cards are unseen (at once, on a small deck). From there the fair optimum, `pimc` and
 * `longest` play on with the same stock order, so the room above `pimc` comes out paired on the
 * same deals, with a 95% interval; the mean of the optimum's exact values and the oracle, which
 * sees the stock, are printed beside it.
 */
import '../src/games/index.js';
import * as z from 'zod';
import { longestRank } from '../src/games/decade/agents/common.js';
import { longestMove } from '../src/games/decade/agents/longest.js';
import { PimcSearch, pimcConfigFor } from '../src/games/decade/agents/pimc.js';
import { holdsUntilStockEmpty } from '../src/games/decade/agents/hold.js';
import { DECK_SIZE, Position, rulesOf, type Rules } from '../src/games/decade/agents/position.js';
import { FairSolver } from '../src/games/decade/agents/fair-solver.js';
import { Solver } from '../src/games/decade/agents/solver.js';
import { DECADE_ACTIONS, DRAW, decadeOf, initialDealt, type DecadeOptions } from '../src/games/decade/engine.js';
import { TengymError, formatZodError } from '../src/env/errors.js';
import { make } from '../src/env/registry.js';
import { createRng, deriveSeed, shuffleInPlace } from '../src/env/rng.js';
import { pairedWins } from '../src/stats/paired.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

const USAGE =
  '  npx tsx research/decade-reduced-room.ts [--env decade-loop] [--deck CARDS|full] [--unseen N] [--deals 1000]\n' +
  '      [--seed 710000] [--samples N] [--json]';

/** One suit (A–9 and four ten-cards) and a second five: 14 cards whose total, 90, is a multiple of ten. */
export const SMALL_DECK = '1234556789TTTT';

/** The full deck's values: four of each value 1–9 and sixteen ten-cards. */
export const FULL_DECK = '123456789TTTT'.repeat(4);

/** A deck's values from its text, one character a card: 1–9, or T for a ten-card. */
export function deckValues(text: string): number[] {
  return [...text].map((c) => {
    const v = c === 'T' ? 10 : Number(c);
    if (!(v >= 1 && v <= 10)) throw new TengymError('bad-argument', `a deck is written with 1–9 and T, not "${c}"`);
    return v;
  });
}

/** The position after dealing `deck` (values, top first) as the engine deals a full deck. */
export function dealPosition(r: Rules, deck: readonly number[]): Position {
  const p = new Position(r.stacks);
  const dealt = initialDealt(r);
  for (let i = 0; i < dealt; i++) p.push(r.stacks === 7 ? i : 0, deck[i]);
  p.aliveCount = r.stacks;
  for (let i = dealt; i < deck.length; i++) p.stock[i - dealt] = deck[i];
  p.head = 0;
  p.stockLen = deck.length - dealt;
  return p;
}

/** Positions the measurement keeps valued between deals: about 6 GB. */
const MAX_KEPT_POSITIONS = 40_000_000;

export const roomOptionsSchema = z
  .object({
    /** A decade preset's id. */
    env: z.string(),
    /** The deck's values (`deckValues`), or 'full'. */
    deck: z.string().min(3).default(SMALL_DECK),
    /** The comparison starts at the first position of pimc's game with at most this many cards unseen. */
    unseen: z.coerce.number().int().min(0).default(52),
    deals: z.coerce.number().int().positive().default(1000),
    seed: z.coerce.number().int().nonnegative().default(710000),
    /** pimc's samples per decision; absent, the preset's (`pimcConfigFor`). */
    samples: z.coerce.number().int().positive().optional(),
  })
  .strict();
export type RoomOptions = z.input<typeof roomOptionsSchema>;

export interface ReducedRoomReport {
  env: string;
  cards: number;
  unseen: number;
  deals: number;
  /** Mean over the deals of the fair optimum's win chance at the start of the comparison (exact per deal). */
  optimum: number;
  /**
   * Win rates from the same positions on: the fair optimum, pimc and longest playing on, the oracle seeing the stock.
   */
  optimal: number;
  pimc: number;
  longest: number;
  oracle: number;
  /** The fair optimum's wins − pimc's and − longest's, paired per deal (the same stock order), with a 95% interval. */
  roomAbovePimc: { diff: number; ci95: [number, number] };
  roomAboveLongest: { diff: number; ci95: [number, number] };
  /** Distinct positions the fair solver holds valued (it forgets them all past MAX_KEPT_POSITIONS). */
  positions: number;
  /** Each deal's start: the cards unseen and the cards in the stock there. */
  starts: { unseen: number; stock: number }[];
}

export function measureReducedRoom(
  input: RoomOptions,
  onDeal?: (done: number, r: ReducedRoomReport) => void,
): ReducedRoomReport {
  const parsed = roomOptionsSchema.safeParse(input);
  if (!parsed.success) throw new TengymError('bad-argument', formatZodError(parsed.error));
  const o = parsed.data;
  const decade = decadeOf(make(o.env));
  if (!decade) throw new TengymError('bad-argument', `${o.env} is not a decade preset`);
  const options: DecadeOptions = decade.options;
  const rules = rulesOf(options);
  const config = { ...pimcConfigFor(options), ...(o.samples === undefined ? {} : { samples: o.samples }) };
  const fair = new FairSolver(rules);
  const search = new PimcSearch(rules, config.tableBits ?? 18);
  const oracle = new Solver(rules, 20);
  const deck = deckValues(o.deck === 'full' ? FULL_DECK : o.deck);
  const moves = new Int32Array(DECADE_ACTIONS);
  const base = new Position(rules.stacks);
  const p = new Position(rules.stacks);
  const from = new Position(rules.stacks);
  /**
   * Cards at the top of p's stock that the player has not seen (with 'deck-bottom', picked-up cards under them are
   * known).
   */
  let unseen = 0;
  const sums = { optimum: 0, optimal: 0, pimc: 0, longest: 0, oracle: 0 };
  const won = { optimal: [] as number[], pimc: [] as number[], longest: [] as number[] };
  const starts: { unseen: number; stock: number }[] = [];
  const report = (done: number): ReducedRoomReport => ({
    env: o.env,
    cards: deck.length,
    unseen: o.unseen,
    deals: done,
    optimum: sums.optimum / done,
    optimal: sums.optimal / done,
    pimc: sums.pimc / done,
    longest: sums.longest / done,
    oracle: sums.oracle / done,
    roomAbovePimc: pairedWins(won.optimal, won.pimc),
    roomAboveLongest: pairedWins(won.optimal, won.longest),
    positions: fair.size,
    starts: starts.slice(),
  });

  /** pimc's move at a decision of p (n legal moves in `moves`): it sees the table and the unseen cards' composition. */
  const pimcMove = (n: number, dealSeed: number): number => {
    if (p.stockLen > 0 && moves[0] === DRAW && holdsUntilStockEmpty(rules)) return DRAW;
    base.copyFrom(p);
    for (let i = 0; i < p.stockLen; i++) base.stock[i] = p.stock[(p.head + i) % DECK_SIZE];
    base.head = 0;
    base.stock.subarray(0, unseen).sort();
    const rng = createRng(deriveSeed(dealSeed, p.steps));
    const hidden = unseen > 0;
    const t = search.tally(
      moves,
      n,
      hidden ? config.samples : 1,
      hidden ? config.budget : config.endgameBudget,
      hidden,
      rng,
      (sample, r) => {
        sample.copyFrom(base);
        shuffleInPlace(r, sample.stock, unseen);
      },
    );
    return moves[PimcSearch.best(moves, t, n)];
  };

  /** The fair optimum's move at a decision of p: the best win chance, then `longest`'s order. */
  const optimalMove = (n: number): number => {
    let best = -1;
    let bestValue = -1;
    const options = moves.slice(0, n);
    for (const move of options) {
      const v = fair.valueAfter(p, unseen, move);
      if (v > bestValue + 1e-12 || (Math.abs(v - bestValue) <= 1e-12 && longestRank(move) > longestRank(best))) {
        best = move;
        bestValue = v;
      }
    }
    return best;
  };

  /** Plays a move in p: a draw from the unseen cards shows one; picked-up cards go under them, seen. */
  const play = (move: number): void => {
    if (move === DRAW && unseen > 0) unseen--;
    p.apply(rules, move);
  };

  /** Plays p on to the end, `choose` deciding; whether it is won. */
  const playOut = (choose: (n: number) => number): boolean => {
    for (;;) {
      const n = p.generate(rules, moves);
      if (n === 0) return p.won(rules);
      play(n === 1 ? moves[0] : choose(n));
    }
  };

  for (let g = 0; g < o.deals; g++) {
    const dealSeed = o.seed + g;
    const order = deck.slice();
    shuffleInPlace(createRng(dealSeed), order);
    p.copyFrom(dealPosition(rules, order));
    unseen = p.stockLen;
    search.solver.clear();
    // pimc plays until at most `o.unseen` cards are unseen: the comparison starts there.
    for (;;) {
      const n = p.generate(rules, moves);
      if (n === 0 || unseen <= o.unseen) break;
      play(n === 1 ? moves[0] : pimcMove(n, dealSeed));
    }
    from.copyFrom(p);
    const fromUnseen = unseen;
    starts.push({ unseen, stock: p.stockLen });
    if (fair.size > MAX_KEPT_POSITIONS) fair.clear();
    const optimum = fair.value(from, fromUnseen);
    const pimcWon = playOut((n) => pimcMove(n, dealSeed));
    p.copyFrom(from);
    unseen = fromUnseen;
    const optimalWon = playOut((n) => optimalMove(n));
    p.copyFrom(from);
    unseen = fromUnseen;
    const longestWon = playOut((n) => longestMove(moves, n));
    oracle.clear();
    const oracleWon = oracle.value(from, 50_000_000) === 0;
    sums.optimum += optimum;
    sums.optimal += Number(optimalWon);
    sums.pimc += Number(pimcWon);
    sums.longest += Number(longestWon);
    sums.oracle += Number(oracleWon);
    won.optimal.push(Number(optimalWon));
    won.pimc.push(Number(pimcWon));
    won.longest.push(Number(longestWon));
    onDeal?.(g + 1, report(g + 1));
  }
  return report(o.deals);
}

const points = (x: number) => (100 * x).toFixed(2);
const interval = ({ diff, ci95 }: { diff: number; ci95: [number, number] }) =>
  `${points(diff)} [${points(ci95[0])}, ${points(ci95[1])}]`;

function main(): void {
  const { values } = programArgs(USAGE, {
    env: { type: 'string', default: 'decade-loop' },
    deck: { type: 'string' },
    unseen: { type: 'string' },
    deals: { type: 'string' },
    seed: { type: 'string' },
    samples: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const { json, ...options } = values;
  const o = roomOptionsSchema.parse(options);
  const started = Date.now();
  const where = (r: ReducedRoomReport) =>
    `${r.env}, ${r.cards} cards${r.unseen < r.cards ? `, from ${r.unseen} unseen` : ''}`;
  const r = measureReducedRoom(o, (done, partial) => {
    if (!json && (done % 100 === 0 || done === o.deals)) {
      process.stderr.write(
        `${where(partial)}: ${done} deals · optimum ${points(partial.optimum)}% (played ` +
          `${points(partial.optimal)}%) · pimc ${points(partial.pimc)}% · longest ${points(partial.longest)}% · ` +
          (`oracle ${points(partial.oracle)}% · optimum − pimc ${interval(partial.roomAbovePimc)} · ` +
            `${partial.positions} `) +
          `positions · ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
      );
    }
  });
  if (json) process.stdout.write(`${JSON.stringify(r)}\n`);
  else
    process.stdout.write(
      `${where(r)}, ${r.deals} deals: fair optimum ${points(r.optimum)}% (played ${points(r.optimal)}%), pimc ` +
        (`${points(r.pimc)}%, longest ${points(r.longest)}%, oracle ${points(r.oracle)}%; optimum − pimc ` +
          `${interval(r.roomAbovePimc)} `) +
        `points, optimum − longest ${interval(r.roomAboveLongest)}\n`,
    );
}

await runIfMain(import.meta.url, main);
