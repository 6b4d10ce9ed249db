/**
 * `bottom-direct`: `bottom`'s game, each turn's exchanges taken by the shortest way.
 *
 * `bottom` ends every turn where its one-step rule leads it: from the configuration after the
 * placement it takes the first exchange (by id) whose reach holds the best configuration, and
 * so on until ending the turn ties with every exchange. That walk ends on the configuration it
 * aimed at, but often by a detour: 26 exchanges a game where 17 reach the same ends. This agent
 * plays `bottom`'s walk ahead from the turn's first configuration (the engine keeps it as the
 * first one seen this turn), then leads to where it ends by the fewest exchanges. Placements and
 * replacements are `bottom`'s own. The turn ends on the configuration `bottom`'s would, so every
 * round, and every game, ends as `bottom`'s does, with fewer exchanges: a player following
 * these hints never needs more rounds than `bottom` on any deal.
 *
 * The way passes only through configurations where the round goes on and ending the turn is
 * worth less than the turn's end (which `bottom`'s own way does), so ending the turn never ties
 * with the next exchange before the end is reached. A position `bottom` would not have reached
 * (a player who left the way) gets `bottom`'s own ranking when the end is out of reach.
 */
import type { Env } from '../../../env/env.js';
import { fourTenOf } from '../engine.js';
import { NOTHING, SCORES, afterExchange, configOfKey, keyOfConfig } from '../hands.js';
import { checkPlaying, type ActionScores } from '../../../agents/agent.js';
import { BottomAgent } from './bottom.js';
import { END_TURN, FIRST_EXCHANGE, cardsDrawn, legalList, readPosition, type Position } from './common.js';

const EXCHANGES = 32;

export class DirectBottomAgent extends BottomAgent {
  override readonly name: string = 'bottom-direct';

  override score(env: Env): ActionScores {
    checkPlaying(env, this.name);
    const p = readPosition(env);
    const ranked = this.scorePosition(p, legalList(env));
    if (p.phase !== 'exchange') return ranked;
    const state = fourTenOf(env)!.state;
    const end = this.turnEnd(p, state.seen[0]);
    const next = this.nextExchange(p, end);
    if (next === null || next === ranked.actions[0].action) return ranked;
    const first = ranked.actions.find((a) => a.action === next)!;
    return { ...ranked, actions: [first, ...ranked.actions.filter((a) => a !== first)] };
  }

  /** Where `bottom`'s own walk from the turn's first configuration (`startKey`) ends the turn. */
  private turnEnd(p: Position, startKey: number): number {
    let q: Position = { ...p, config: configOfKey(startKey), seen: new Set([startKey]) };
    for (;;) {
      const best = this.scorePosition(q, exchangeIds(q)).actions[0].action;
      if (best === END_TURN) return q.config;
      const c = afterExchange(q.config, best - FIRST_EXCHANGE);
      if (this.table.graph.verdict[c] !== NOTHING) return c;
      q = { ...q, config: c, seen: new Set(q.seen).add(keyOfConfig(c)) };
    }
  }

  /**
   * The first move of a shortest way from `p` to `end` ("end turn" when there), through
   * configurations where the round goes on and ending the turn is worth less than at `end`;
   * null when none leads there from `p`.
   */
  private nextExchange(p: Position, end: number): number | null {
    if (p.config === end) return END_TURN;
    const verdict = this.table.graph.verdict;
    const drawn = cardsDrawn(p);
    const endValue =
      verdict[end] === SCORES ? this.table.gain(this.rules.handTarget) : this.table.turnStart(end, drawn);
    // Breadth first, exchanges in id order: `firstMove` of a configuration is the exchange from p that leads there.
    const firstMove = new Map<number, number>([[p.config, -1]]);
    const queue = [p.config];
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i];
      for (let e = 0; e < EXCHANGES; e++) {
        const y = afterExchange(x, e);
        if (y < 0 || firstMove.has(y) || p.seen.has(keyOfConfig(y))) continue;
        const move = x === p.config ? FIRST_EXCHANGE + e : firstMove.get(x)!;
        if (y === end) return move;
        if (verdict[y] !== NOTHING || this.table.turnStart(y, drawn) >= endValue) continue;
        firstMove.set(y, move);
        queue.push(y);
      }
    }
    return null;
  }
}

/** The legal ids of an exchange-phase position: the exchanges to configurations not seen this turn, and "end turn". */
function exchangeIds(q: Position): number[] {
  const ids: number[] = [];
  for (let e = 0; e < EXCHANGES; e++) {
    const y = afterExchange(q.config, e);
    if (y >= 0 && !q.seen.has(keyOfConfig(y))) ids.push(FIRST_EXCHANGE + e);
  }
  ids.push(END_TURN);
  return ids;
}
