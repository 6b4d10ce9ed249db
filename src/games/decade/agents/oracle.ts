/**
 * `oracle` — CHEATS: it reads the true order of the stock (what a player cannot see) and
 * plays the exact solver on the real deal. At a decision point it solves every legal
 * action and takes the one with the best value: a win if any, else the fewest cards
 * left; ties go to the action `longest` would take. It is the upper bound for every
 * fair agent, never a fair agent itself (`fair: false`).
 *
 * The solver's table is kept from one move to the next while the deal stays the same
 * (checked: the stock is still a suffix of the one it was filled for), so a whole game
 * costs about one solve of the deal. With optional discards on one straight line it
 * values the line with the whole stock drawn, exactly and without search (hold.ts: the same
 * value). Elsewhere each action's search is capped at `budget` moves;
 * past it the value is an estimate (with 'deck-bottom' the solver approximates anyway).
 *
 * With 'deck-bottom' a game can come back to a position it held, and round again to the step
 * limit if the searches keep choosing the same way: it records the positions of the game it is
 * asked to move in (from its `reset`) and its searches count them as cycles (solver.ts,
 * `HeldPositions`), the table cleared for each decision.
 *
 * It does not play one line with optional discards and 'deck-bottom' (`oracleSearches`): no deal
 * can be won there, so every search runs its whole budget looking for a win, and the end it could
 * count cards at is the step limit, thousands of decisions away. Its values would be guesses at
 * about a second a decision, half an hour or more a deal.
 */
import type { Env } from '../../../env/env.js';
import { TengymError } from '../../../env/errors.js';
import { checkPlaying, checkUnusedSeed, type ActionScores, type Agent } from '../../../agents/agent.js';
import { RulesCache, decadeEnv, longestRank, sortedScores } from './common.js';
import { LineSolver, holdsUntilStockEmpty, lineSolves } from './hold.js';
import { DECK_SIZE, Position, type Rules } from './position.js';
import { HeldPositions, Solver } from './solver.js';

/** A solver value (0: a win, else 1 + the cards left) as minus the cards left at the end, a win counting 0. */
function minusCardsLeft(value: number): number {
  return value <= 1 ? 0 : 1 - value;
}

/** Whether the oracle plays under these rules: not on one line with optional discards and 'deck-bottom' (above). */
export function oracleSearches(r: Rules): boolean {
  return !(r.stacks === 1 && r.optional && r.deckBottom);
}

export interface OracleConfig {
  /** Moves applied per action's search before it settles for an estimate. */
  budget?: number;
  /** log2 of the transposition table's size. */
  tableBits?: number;
}

export class OracleAgent implements Agent {
  readonly name = 'oracle';
  readonly fair = false;
  private readonly budget: number;
  private readonly tableBits: number;
  private readonly rulesCache = new RulesCache();
  private rules: Rules | null = null;
  /** The search, or where holding is free the line's exact value (one of the two). */
  private solver: Solver | null = null;
  private line: LineSolver | null = null;
  private root: Position | null = null;
  /** The stock values (top first) the table was filled for. */
  private readonly dealStock = new Uint8Array(DECK_SIZE);
  private dealLen = -1;
  /** 'deck-bottom': the positions of this game it has been shown. */
  private readonly held = new HeldPositions();

  constructor(config: OracleConfig = {}) {
    this.budget = config.budget ?? 2_000_000;
    this.tableBits = config.tableBits ?? 20;
  }

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
    this.dealLen = -1;
    this.solver?.clear();
    this.held.clear();
  }

  act(env: Env): number {
    // Refused at the first move, forced or not, rather than hours into the game.
    this.rulesFor(env);
    if (env.legalCount === 1) return env.legal[0];
    const values = this.values(env);
    let best = 0;
    for (let i = 1; i < env.legalCount; i++) {
      if (
        values[i] < values[best] ||
        (values[i] === values[best] && longestRank(env.legal[i]) > longestRank(env.legal[best]))
      )
        best = i;
    }
    return env.legal[best];
  }

  /**
   * Score (unit 'minus-cards-left'): minus the fewest cards the action can leave on the table at
   * the end (past `budget`, an estimate), 0 when it still wins the deal. Ranked by the solver's
   * values, as `act` chooses: a win stays ahead of a loss that leaves no card (a game cut short by
   * maxSteps), though both score 0.
   */
  score(env: Env): ActionScores {
    checkPlaying(env, this.name);
    const ranked = sortedScores(
      'value',
      env.legalActions(),
      this.values(env).map((v) => -v),
    );
    return {
      kind: 'value',
      unit: 'minus-cards-left',
      actions: ranked.actions.map(({ action, score }) => ({ action, score: minusCardsLeft(-score) })),
    };
  }

  /** The solver's value of every legal action, in the env's legal order. */
  private values(env: Env): number[] {
    const { state } = decadeEnv(env, this.name);
    const rules = this.rulesFor(env);
    if (rules !== this.rules) {
      this.rules = rules;
      const holds = holdsUntilStockEmpty(rules);
      // The line's value is exact once nothing is left to draw (a line dealt whole, from the first move).
      this.line = lineSolves(rules) ? new LineSolver(rules) : null;
      this.solver = holds ? null : new Solver(rules, this.tableBits);
      this.root = new Position(rules.stacks);
      this.dealLen = -1;
    }
    const root = this.root!;
    root.loadTrue(state);
    const out: number[] = [];
    if (this.line !== null && (this.solver === null || root.stockLen === 0)) {
      for (let i = 0; i < env.legalCount; i++) out.push(this.line.valueAfter(root, env.legal[i]));
      return out;
    }
    this.keepOrClearTable(root, rules);
    // Decisions are where a game can turn back: the positions it is asked at are the ones a search must not lead to.
    const held = rules.deckBottom ? this.held : null;
    held?.add(root);
    for (let i = 0; i < env.legalCount; i++) out.push(this.solver!.valueAfter(root, env.legal[i], this.budget, held));
    return out;
  }

  /** The env's rules, refused where the oracle does not play (`oracleSearches`). */
  private rulesFor(env: Env): Rules {
    const rules = this.rulesCache.get(decadeEnv(env, this.name).options);
    if (!oracleSearches(rules))
      throw new TengymError(
        'bad-argument',
        `agent "${this.name}" does not play one line with optional discards and pickedUp 'deck-bottom': no ` +
          `deal can be won there, and its searches could only guess, at about a second a decision`,
      );
    return rules;
  }

  /**
   * Clears the table unless it was filled for this deal (the stock is a suffix of that one's); with 'deck-bottom', for
   * every decision (the positions held grow).
   */
  private keepOrClearTable(root: Position, rules: Rules): void {
    if (rules.deckBottom) {
      this.solver!.clear();
      return;
    }
    if (!this.sameDeal(root)) {
      this.solver!.clear();
      for (let i = 0; i < root.stockLen; i++) this.dealStock[i] = root.stock[(root.head + i) % DECK_SIZE];
      this.dealLen = root.stockLen;
    }
  }

  private sameDeal(root: Position): boolean {
    if (this.dealLen < root.stockLen) return false;
    const skip = this.dealLen - root.stockLen;
    for (let i = 0; i < root.stockLen; i++)
      if (this.dealStock[skip + i] !== root.stock[(root.head + i) % DECK_SIZE]) return false;
    return true;
  }
}
