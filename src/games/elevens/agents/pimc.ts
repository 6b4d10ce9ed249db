/**
 * `pimc` — determinized search (perfect-information Monte Carlo) for Elevens' one real choice, the
 * suit of the next set in Suit Elevens (solver.ts). At that choice it deals K plausible stocks: the
 * unseen cards, which a player knows, in orders shuffled with the agent's own seeded generator from
 * their sorted list (never the true order); it solves each choice exactly on each sample (solver.ts)
 * and plays the one that wins in the most samples, then the one with the fewest cards left on
 * average, then `patient`'s. Everywhere else it plays the move that needs no search, as the other
 * agents do. `score` values every legal move that way (what hints show): the fraction of samples it
 * still wins ('win-probability'), with the mean cards left.
 *
 * The samples of a position are drawn from a generator seeded by the episode's seed and what the
 * player sees there (`seenHash`), never by the calls made before: `act` and `score` agree, and a
 * hint for a position is the same whoever asks and whatever was asked before.
 */
import { validateSeed, type Env } from '../../../env/env.js';
import { DECK_SIZE } from '../../../env/cards.js';
import { createRng, deriveSeed, mix32, shuffleInPlace } from '../../../env/rng.js';
import type { ActionScores, Agent } from '../../../agents/agent.js';
import { elevensGame, rulesOf, type ElevensOptions, type ElevensState } from '../engine.js';
import { DECISION, elevensEnv, patientChoice } from './common.js';
import { ElevensSolver, decisionMoves, moveClass, nextMove } from './solver.js';

/** Sampled stocks per decision: a choice's win rate to about ±6 points, at a few milliseconds a hint. */
export const PIMC_SAMPLES = 64;

/** Per move: samples won, and cards left summed over the samples. */
interface Tally {
  wins: Float64Array;
  left: Float64Array;
  samples: number;
}

/** A 32-bit hash of what a player sees: the grid, the reserves, the unseen cards (sorted). Never the stock's order. */
export function seenHash(state: ElevensState, unseenSorted: Uint8Array, unseen: number): number {
  let h = mix32(0x5eed ^ (unseen << 16));
  for (let i = 0; i < state.slotCard.length; i++) h = mix32(h + state.slotCard[i] + (i << 8));
  for (let f = 0; f < 3; f++) h = mix32(h + state.reserve[f] + ((f + 1) << 12));
  for (let k = 0; k < unseen; k++) h = mix32(h + unseenSorted[k] + 0x10000);
  return h >>> 0;
}

export class PimcAgent implements Agent {
  readonly name: string;
  readonly fair = true;
  private seed = 0;
  private solver: ElevensSolver | null = null;
  private sample: ElevensState | null = null;
  private readonly unseen = new Uint8Array(DECK_SIZE);

  constructor(
    readonly samples = PIMC_SAMPLES,
    name = 'pimc',
  ) {
    this.name = name;
  }

  reset(seed: number): void {
    this.seed = validateSeed(seed, `agent "${this.name}" seed`);
  }

  act(env: Env): number {
    const { state, options } = elevensEnv(env, this.name);
    const move = nextMove(state);
    if (move >= 0) return move;
    if (move !== DECISION) return env.legal[0];
    const moves = decisionMoves(state, []);
    const t = this.tally(state, options, moves);
    let best = moves.indexOf(patientChoice(state, moves));
    for (let i = 0; i < moves.length; i++)
      if (t.wins[i] > t.wins[best] || (t.wins[i] === t.wins[best] && t.left[i] < t.left[best])) best = i;
    return moves[best];
  }

  /** Every legal move by the share of sampled stocks it still wins, best first (then fewer cards left, lower id). */
  score(env: Env): ActionScores {
    const { state, options } = elevensEnv(env, this.name);
    const moves = env.legalActions();
    const t = this.tally(state, options, moves);
    const order = moves.map((_, i) => i);
    order.sort((a, b) => t.wins[b] - t.wins[a] || t.left[a] - t.left[b] || moves[a] - moves[b]);
    return {
      kind: 'win-probability',
      actions: order.map((i) => ({ action: moves[i], score: t.wins[i] / t.samples, cardsLeft: t.left[i] / t.samples })),
      ...(t.samples > 1 ? { samples: t.samples } : {}),
    };
  }

  /** Each move solved on the same sampled stocks (the true one alone once nothing is unseen: it is then known). */
  private tally(state: ElevensState, options: ElevensOptions, moves: readonly number[]): Tally {
    if (this.solver === null || this.solver.rules !== rulesOf(options)) {
      this.solver = new ElevensSolver(options);
      this.sample = elevensGame.createState(options);
    }
    const solver = this.solver;
    const sample = this.sample!;
    const unseen = DECK_SIZE - state.stockPos;
    this.unseen.set(state.deck.subarray(state.stockPos));
    this.unseen.subarray(0, unseen).sort();
    const rng = createRng(deriveSeed(this.seed, seenHash(state, this.unseen, unseen)));
    const samples = unseen > 0 ? this.samples : 1;
    const t: Tally = { wins: new Float64Array(moves.length), left: new Float64Array(moves.length), samples };
    // Moves of one class are worth the same on every deal (solver.ts, `moveClass`): one solve a class.
    const classes = moves.map((m) => moveClass(state, m));
    const firstOfClass = classes.map((c) => classes.indexOf(c));
    const onSample = new Float64Array(moves.length);
    for (let k = 0; k < samples; k++) {
      elevensGame.copyState(state, sample);
      shuffleInPlace(rng, this.unseen, unseen);
      sample.deck.set(this.unseen.subarray(0, unseen), state.stockPos);
      for (let i = 0; i < moves.length; i++) {
        const j = firstOfClass[i];
        onSample[i] = j < i ? onSample[j] : solver.cardsLeftAfter(sample, moves[i], i > 0);
        if (onSample[i] === 0) t.wins[i]++;
        t.left[i] += onSample[i];
      }
    }
    return t;
  }
}
