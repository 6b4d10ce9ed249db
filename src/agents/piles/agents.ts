/**
 * The agents of every game over the piles layout (src/env/layouts/piles.ts), written once for the layout:
 *
 * | agent     | fair | idea |
 * |-----------|------|------|
 * | `greedy`  | yes  | the removal that takes from the tallest piles (it uncovers the most); a slot's card first while the stock lasts |
 * | `careful` | yes  | where cards are hidden: `greedy`'s order, but a move that leaves a face-down partner of its cards waits |
 * | `rollout` | yes  | where cards are hidden: plays 16 sampled deals of the unseen cards out with `careful` after each move |
 * | `pimc`    | yes  | where cards are hidden: solves 24 sampled deals of the unseen cards exactly after each move |
 * | `solver`  | yes on an open deal without a stock; else `oracle`, which CHEATS | the exact solver (solver.ts) on the deal: a move after which the deal can still be won, `greedy`'s favourite among them |
 *
 * The sampled searches draw their deals from what the player sees and the episode's seed only
 * (docs/experiments/2026-11-29-pile-searches.md measures them).
 * On a dealt stock the searches are `DealtPilesSearch` (dealt-search.ts), which steps the deal and the
 * moves into an empty pile too; `greedy` removes first, then moves a card into an empty pile, then deals.
 * A game's kit takes them from `pilesAgents(game)`.
 */
import { checkPlaying, checkUnusedSeed, type ActionScores, type Agent, type AgentSpec } from '../agent.js';
import { validateSeed, type Env } from '../../env/env.js';
import type { PilesGame, PilesRules, PilesState } from '../../env/layouts/index.js';
import { createRng, deriveSeed, randomInt, type Rng } from '../../env/rng.js';
import { TengymError } from '../../env/errors.js';
import { DEALT_BUDGET, DealtPilesSearch } from './dealt-search.js';
import { PilesSolver, SOLVE_BUDGET } from './solver.js';

// biome-ignore lint/suspicious/noExplicitAny: any options of a piles game
export type AnyPilesGame = PilesGame<any>;

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

/**
 * `greedy`'s rank of a move: the heights of the piles it takes from (a single's counted once); a slot's card,
 * which the stock replaces with a new one, above any pile while the stock lasts.
 */
function greedyRank(s: PilesState, action: number): number {
  const r = s.rules;
  // After every removal: a move into an empty pile (it uncovers a card), then the deal.
  if (action >= r.extraBase) return action === r.dealId ? -2 : -1;
  if (action >= r.pairIds) return placeHeight(s, action - r.singleBase);
  return placeHeight(s, r.pairFirst[action]) + placeHeight(s, r.pairSecond[action]);
}

/**
 * Counts, per rank, the face-down cards into `out`: the unseen cards that can lie under a partner. A stock's cards
 * come up in turn, never under another card, so they are left out.
 */
function countFaceDown(s: PilesState, out: Uint8Array): void {
  const r = s.rules;
  out.fill(0);
  for (let p = 0; r.hidden && p < r.pileCount; p++)
    for (let k = 0; k < s.heights[p] - 1; k++) out[s.cards[p * r.height + k] >> 2]++;
}

/** Above any height sum: what `careful` adds to a move that leaves no face-down partner behind. */
const SAFE = 1 << 8;

/**
 * `careful`'s rank of a move: `greedy`'s, lifted above every other move when no card that pairs with either of its
 * cards is face down. A move that leaves such a card waits: the card may turn up under a partner, and the player who
 * removed that partner early finds it stuck, while one who waits learns where it lies.
 */
function carefulRank(s: PilesState, action: number, faceDown: Uint8Array): number {
  const r = s.rules;
  if (action >= r.extraBase) return greedyRank(s, action);
  const a = action < r.pairIds ? r.pairFirst[action] : action - r.singleBase;
  const b = action < r.pairIds ? r.pairSecond[action] : a;
  const partners = r.partners[cardAt(s, a) >> 2] | r.partners[cardAt(s, b) >> 2];
  let waiting = 0;
  for (let q = 0; q < 13; q++) if ((partners >>> q) & 1) waiting += faceDown[q];
  return greedyRank(s, action) + (waiting === 0 ? SAFE : 0);
}

/** The card a place offers: a pile's top, or a slot's card. */
function cardAt(s: PilesState, place: number): number {
  const r = s.rules;
  return place < r.slotBase ? s.cards[place * r.height + s.heights[place] - 1] : s.slots[place - r.slotBase];
}

/** A heuristic's rank of a legal move, higher first; `faceDown` counts face-down cards per rank (`countFaceDown`). */
type RankOf = (s: PilesState, action: number, faceDown: Uint8Array) => number;

/** A place's weight in `greedy`'s rank: a pile's height; a slot's card, while the stock lasts, above any pile. */
function placeHeight(s: PilesState, place: number): number {
  const r = s.rules;
  return place < r.slotBase ? s.heights[place] : s.stockAt < r.stockSize ? r.height + 1 : 0;
}

/** The actions by score, ties in the order of a heuristic's rank (`greedy`'s by default), then by id. */
function byRank(
  s: PilesState,
  actions: readonly number[],
  scores: readonly number[],
  kind: ActionScores['kind'],
  rankOf: (action: number) => number = (action) => greedyRank(s, action),
): ActionScores {
  const list = actions.map((action, i) => ({ action, score: scores[i] ?? 0, rank: rankOf(action) }));
  list.sort((x, y) => y.score - x.score || y.rank - x.rank || x.action - y.action);
  return { kind, actions: list.map(({ action, score }) => ({ action, score })) };
}

/** A heuristic player: the legal move its rank puts first (`greedy`, `careful`). */
class HeuristicAgent implements Agent {
  readonly fair = true;
  private readonly unseen = new Uint8Array(13);
  constructor(
    private readonly game: AnyPilesGame,
    readonly name: string,
    private readonly rankOf: RankOf,
  ) {}
  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }
  act(env: Env): number {
    return this.score(env).actions[0].action;
  }
  /** Score: the heuristic's rank of the move, higher first. */
  score(env: Env): ActionScores {
    const s = pilesState(env, this.game, this.name);
    const actions = env.legalActions();
    countFaceDown(s, this.unseen);
    return byRank(
      s,
      actions,
      actions.map((a) => this.rankOf(s, a, this.unseen)),
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

/**
 * How a determinized search values a move on one sampled deal: `solve` asks the exact solver whether the deal can
 * still be won (it sees the whole sample, so it plays each sample as if every card were known), `rollout` plays the
 * sample out with `greedy`, which reads only what a player sees, and counts its wins.
 */
type Leaf = 'solve' | 'rollout';

/**
 * A determinized search's setting: its leaf and the sampled deals per decision (a solve's budget is an eighth of the
 * solver's).
 */
interface SearchSetting {
  readonly name: string;
  readonly leaf: Leaf;
  readonly samples: number;
  /** The heuristic that plays a `rollout` leaf out, and whose order breaks ties between equal scores. */
  readonly base: RankOf;
}

const PIMC: SearchSetting = { name: 'pimc', leaf: 'solve', samples: 24, base: carefulRank };
const ROLLOUT: SearchSetting = { name: 'rollout', leaf: 'rollout', samples: 16, base: carefulRank };

class SampledSearchAgent implements Agent {
  readonly name: string;
  readonly fair = true;
  private seed = 1;
  private solver: Search | null = null;
  private sample: PilesState | null = null;
  private play: PilesState | null = null;
  private seen: Float32Array | null = null;
  private mask = new Uint8Array(0);
  private legal = new Int32Array(0);
  private unseen: number[] = [];
  private readonly counts = new Uint8Array(13);
  constructor(
    private readonly game: AnyPilesGame,
    private readonly setting: SearchSetting,
  ) {
    this.name = setting.name;
  }
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
  /**
   * The unseen cards (face down, or in the stock) in a fixed order: sorted, so the samples depend on which cards
   * are unseen, which the player knows, and never on where they lie.
   */
  private unseenCards(s: PilesState): number[] {
    const r = s.rules;
    const unseen = this.unseen;
    unseen.length = 0;
    for (let p = 0; p < r.pileCount; p++)
      for (let k = 0; r.hidden && k < s.heights[p] - 1; k++) unseen.push(s.cards[p * r.height + k]);
    for (let k = s.stockAt; k < r.stockSize; k++) unseen.push(s.stock[k]);
    return unseen.sort((a, b) => a - b);
  }
  /** Score: the share of sampled deals of the unseen cards won after the move (by the solver, or by `greedy`). */
  score(env: Env): ActionScores {
    const s = pilesState(env, this.game, this.name);
    const r = s.rules;
    if (this.solver?.rules !== s.rules || !this.sample || !this.play) {
      this.solver = this.setting.leaf === 'solve' ? searchOf(s.rules, 18) : null;
      this.sample = this.game.createState(env.options);
      this.play = this.game.createState(env.options);
      this.mask = new Uint8Array(r.numActions);
      this.legal = new Int32Array(r.numActions);
    }
    const actions = env.legalActions();
    const total = new Array<number>(actions.length).fill(0);
    const sample = this.sample;
    const unseen = this.unseenCards(s);
    const samples = unseen.length > 1 ? this.setting.samples : 1;
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
      if (this.solver) {
        this.solver.load(sample, false);
        winsAfter(this.solver, actions, budgetOf(r) / 8).forEach((w, i) => {
          total[i] += w / samples;
        });
      } else
        for (let i = 0; i < actions.length; i++) total[i] += this.greedyRollout(env, sample, actions[i], rng) / samples;
    }
    // Ties, common where most samples are won or lost after either move, go to the base heuristic's order: a
    // search that broke them by `greedy`'s would give up `careful`'s waiting for nothing.
    countFaceDown(s, this.counts);
    const ranked = byRank(s, actions, total, 'win-probability', (a) => this.setting.base(s, a, this.counts));
    return samples > 1 ? { ...ranked, samples } : ranked;
  }
  /** 1 when `greedy` wins the sampled deal after the move, else 0. */
  private greedyRollout(env: Env, sample: PilesState, action: number, rng: Rng): number {
    const play = this.play!;
    const o = env.options;
    this.game.copyState!(sample, play);
    this.game.step(play, o, action, rng);
    for (;;) {
      const n = this.game.legalActions(play, o, this.mask, this.legal);
      if (n === 0) return play.removed === play.rules.deck.size ? 1 : 0;
      countFaceDown(play, this.counts);
      let best = this.legal[0];
      let bestRank = this.setting.base(play, best, this.counts);
      for (let i = 1; i < n; i++) {
        const rank = this.setting.base(play, this.legal[i], this.counts);
        if (rank > bestRank) {
          best = this.legal[i];
          bestRank = rank;
        }
      }
      this.game.step(play, o, best, rng);
    }
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
      create: () => new HeuristicAgent(game, 'greedy', greedyRank),
    },
  ];
  if (!open)
    specs.push({
      name: 'careful',
      description:
        "greedy's move, but one that leaves a face-down partner of its cards waits while another move can be " +
        'made (greedy itself where no card is face down)',
      fair: true,
      games,
      create: () => new HeuristicAgent(game, 'careful', carefulRank),
    });
  if (!open)
    specs.push({
      name: 'pimc',
      description:
        'determinized search: solves sampled deals of the unseen cards exactly and plays the move that wins the ' +
        'most samples',
      fair: true,
      games,
      create: () => new SampledSearchAgent(game, PIMC),
    });
  if (!open)
    specs.push({
      name: 'rollout',
      description:
        'determinized search: plays 16 sampled deals of the unseen cards out with careful after each move and ' +
        'plays the move that wins the most',
      fair: true,
      games,
      create: () => new SampledSearchAgent(game, ROLLOUT),
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
