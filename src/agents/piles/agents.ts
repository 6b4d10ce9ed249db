/**
 * The agents of every game over the piles layout (src/env/layouts/piles.ts), written once for the layout:
 *
 * | agent    | fair | idea |
 * |----------|------|------|
 * | `greedy` | yes  | the removal that takes from the tallest piles (it uncovers the most), a slot's card last |
 * | `solver` | yes on an open deal without a stock; else `oracle`, which CHEATS | the exact solver (solver.ts) on the deal: a move after which the deal can still be won, `greedy`'s favourite among them |
 * | `pimc`   | yes  | where cards are hidden: solves sampled deals of the unseen cards exactly and plays the move that wins the most samples |
 *
 * On a dealt stock (Baroness) the searches are `DealtPilesSearch` (dealt-search.ts), which steps the deal and the
 * moves into an empty pile too; `greedy` removes first, then moves a card into an empty pile, then deals.
 * A game's kit takes them from `pilesAgents(game)`.
 */
import { checkPlaying, checkUnusedSeed, type ActionScores, type Agent, type AgentSpec } from '../agent.js';
import { validateSeed, type Env } from '../../env/env.js';
import type { PilesGame, PilesRules, PilesState } from '../../env/layouts/index.js';
import { createRng, deriveSeed, randomInt } from '../../env/rng.js';
import { TengymError } from '../../env/errors.js';
import { DEALT_BUDGET, DealtPilesSearch } from './dealt-search.js';
import { PilesSolver, SOLVE_BUDGET } from './solver.js';

// biome-ignore lint/suspicious/noExplicitAny: any options of a piles game
type AnyPilesGame = PilesGame<any>;

function pilesState(env: Env, game: AnyPilesGame, agent: string): PilesState {
  checkPlaying(env, agent);
  if (env.game !== game) throw new TengymError('bad-argument', `agent "${agent}" plays ${game.name}, not ${env.id}`);
  return env.rawState as PilesState;
}

/** What the agents ask of a search: the exact solver, or the dealt stock's search. */
interface Search {
  readonly rules: PilesRules;
  load(s: PilesState, keepTable?: boolean): void;
  solveAfterAction(action: number, budget?: number): number;
}

const searchOf = (r: PilesRules, tableBits?: number): Search =>
  r.dealtStock ? new DealtPilesSearch(r, tableBits) : new PilesSolver(r, tableBits);

/** A search's budget per solve. */
const budgetOf = (r: PilesRules): number => (r.dealtStock ? DEALT_BUDGET : SOLVE_BUDGET);

/** The places an action takes: a pair's two, or a single's one twice. */
function placesOf(r: PilesRules, action: number): [number, number] {
  if (action < r.pairIds) return [r.pairFirst[action], r.pairSecond[action]];
  return [action - r.singleBase, action - r.singleBase];
}

/**
 * `greedy`'s rank of a move: the heights of the piles it takes from (a single's counted once); a slot's card,
 * which the stock replaces with a new one, above any pile while the stock lasts.
 */
function greedyRank(s: PilesState, action: number): number {
  const r = s.rules;
  // After every removal: a move into an empty pile (it uncovers a card), then the deal.
  if (action >= r.extraBase) return action === r.dealId ? -2 : -1;
  const [a, b] = placesOf(r, action);
  const height = (p: number) => (p < r.slotBase ? s.heights[p] : s.stockAt < r.stockSize ? r.height + 1 : 0);
  return height(a) + (b !== a ? height(b) : 0);
}

function byRank(
  s: PilesState,
  actions: readonly number[],
  scores: readonly number[],
  kind: ActionScores['kind'],
): ActionScores {
  const list = actions.map((action, i) => ({ action, score: scores[i] ?? 0, rank: greedyRank(s, action) }));
  list.sort((x, y) => y.score - x.score || y.rank - x.rank || x.action - y.action);
  return { kind, actions: list.map(({ action, score }) => ({ action, score })) };
}

class GreedyAgent implements Agent {
  readonly name = 'greedy';
  readonly fair = true;
  constructor(private readonly game: AnyPilesGame) {}
  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }
  act(env: Env): number {
    return this.score(env).actions[0].action;
  }
  /** Score: the heights of the piles the move takes from, higher first. */
  score(env: Env): ActionScores {
    const s = pilesState(env, this.game, this.name);
    const actions = env.legalActions();
    return byRank(
      s,
      actions,
      actions.map((a) => greedyRank(s, a)),
      'heuristic',
    );
  }
}

/** Whether the deal can still be won after each legal move: 1, 0, or 0.5 where the budget ran out. */
function winsAfter(solver: Search, actions: readonly number[], budget: number): number[] {
  return actions.map((action) => {
    const won = solver.solveAfterAction(action, budget);
    return won < 0 ? 0.5 : won;
  });
}

class SolverAgent implements Agent {
  readonly name: string;
  readonly fair: boolean;
  private solver: Search | null = null;
  constructor(
    private readonly game: AnyPilesGame,
    open: boolean,
  ) {
    this.name = open ? 'solver' : 'oracle';
    this.fair = open;
  }
  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }
  /** The first move in `greedy`'s order after which the deal can still be won; `greedy`'s move where none is. */
  act(env: Env): number {
    const s = pilesState(env, this.game, this.name);
    if (env.legalCount === 1) return env.legal[0];
    const solver = this.load(s);
    const order = byRank(s, env.legalActions(), [], 'heuristic').actions;
    for (const { action } of order) if (solver.solveAfterAction(action) === 1) return action;
    return order[0].action;
  }
  /** Score: 1 for a move after which the deal can still be won, else 0 (`greedy`'s order among equals). */
  score(env: Env): ActionScores {
    const s = pilesState(env, this.game, this.name);
    const actions = env.legalActions();
    return byRank(s, actions, winsAfter(this.load(s), actions, budgetOf(s.rules)), 'win-probability');
  }
  private load(s: PilesState): Search {
    if (this.solver?.rules !== s.rules) this.solver = searchOf(s.rules);
    this.solver.load(s);
    return this.solver;
  }
}

/** `pimc`'s samples per decision. */
const SAMPLES = 24;

class PimcAgent implements Agent {
  readonly name = 'pimc';
  readonly fair = true;
  private seed = 1;
  private solver: Search | null = null;
  private sample: PilesState | null = null;
  private seen: Float32Array | null = null;
  constructor(private readonly game: AnyPilesGame) {}
  reset(seed: number): void {
    this.seed = validateSeed(seed, `agent "${this.name}" seed`);
  }
  /**
   * A hash of what the player sees (the observation, which hides what is face down or in the stock): the samples
   * of a decision come from it and the episode's seed, never from the calls made before, so `act` and `score` (a
   * hint) agree on every state.
   */
  private seenHash(env: Env, s: PilesState): number {
    if (this.seen?.length !== env.observationSpace.shape[0])
      this.seen = new Float32Array(env.observationSpace.shape[0]);
    this.game.observe(s, env.options, this.seen);
    let h = 0x811c9dc5;
    for (const word of new Uint32Array(this.seen.buffer)) h = Math.imul(h ^ word, 0x01000193);
    return h >>> 0;
  }
  act(env: Env): number {
    pilesState(env, this.game, this.name);
    if (env.legalCount === 1) return env.legal[0];
    return this.score(env).actions[0].action;
  }
  /** Score: the share of sampled deals of the unseen cards that can still be won after the move. */
  score(env: Env): ActionScores {
    const s = pilesState(env, this.game, this.name);
    const r = s.rules;
    if (this.solver?.rules !== s.rules || !this.sample) {
      this.solver = searchOf(s.rules, 18);
      this.sample = this.game.createState(env.options);
    }
    const actions = env.legalActions();
    const total = new Array<number>(actions.length).fill(0);
    const sample = this.sample;
    // The unseen cards' places: face-down pile cards and the stock.
    const unseen: number[] = [];
    for (let p = 0; p < r.pileCount; p++)
      for (let k = 0; r.hidden && k < s.heights[p] - 1; k++) unseen.push(s.cards[p * r.height + k]);
    for (let k = s.stockAt; k < r.stockSize; k++) unseen.push(s.stock[k]);
    const samples = unseen.length > 1 ? SAMPLES : 1;
    const rng = createRng(deriveSeed(this.seed, this.seenHash(env, s)));
    for (let n = 0; n < samples; n++) {
      this.game.copyState!(s, sample);
      for (let i = unseen.length - 1; i > 0; i--) {
        const j = randomInt(rng, 0, i);
        [unseen[i], unseen[j]] = [unseen[j], unseen[i]];
      }
      let u = 0;
      for (let p = 0; p < r.pileCount; p++)
        for (let k = 0; r.hidden && k < s.heights[p] - 1; k++) sample.cards[p * r.height + k] = unseen[u++];
      for (let k = s.stockAt; k < r.stockSize; k++) sample.stock[k] = unseen[u++];
      this.solver.load(sample, false);
      winsAfter(this.solver, actions, budgetOf(r) / 8).forEach((w, i) => {
        total[i] += w / samples;
      });
    }
    const ranked = byRank(s, actions, total, 'win-probability');
    return samples > 1 ? { ...ranked, samples } : ranked;
  }
}

/**
 * The catalogue entries of a piles game: `greedy`; `solver` on an open deal without a stock, else `pimc` and the
 * `oracle`, which cheats.
 */
export function pilesAgents(game: AnyPilesGame, open: boolean): AgentSpec[] {
  const games = [game];
  const specs: AgentSpec[] = [
    {
      name: 'greedy',
      description: 'the removal that takes from the tallest piles, which uncovers the most; a slot card last',
      fair: true,
      games,
      create: () => new GreedyAgent(game),
    },
  ];
  if (!open)
    specs.push({
      name: 'pimc',
      description:
        'determinized search: solves sampled deals of the unseen cards exactly and plays the move that wins the ' +
        'most samples',
      fair: true,
      games,
      create: () => new PimcAgent(game),
    });
  specs.push({
    name: open ? 'solver' : 'oracle',
    description: open
      ? 'the exact solver: a move after which the deal can still be won, the greedy choice among them'
      : 'CHEATS, sees the hidden cards: the exact solver on the true deal. The upper bound for the fair agents',
    fair: open,
    games,
    create: () => new SolverAgent(game, open),
  });
  return specs;
}
