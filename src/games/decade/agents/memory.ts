/**
 * What a player remembers of the stock with `pickedUp: 'deck-bottom'` (Ten-Twenty-Thirty):
 * discarded cards go under the stock in an order the player saw. The env shows only the
 * stock's composition; a player who remembers knows the stock as "u unseen cards in an
 * unknown order, then these cards in this order". After one pass through the deck the
 * whole stock is known.
 *
 * The memory is built only from what the agent sees: each call (`sync`) compares the
 * state with the one seen before. One step later, it finds the legal move that led from
 * that one to this one and updates the stock: a draw takes the top card, a discard puts
 * the run's cards under the stock (oldest position first, as the engine does). Where two
 * runs leave the same values, the cards still on the table (suits included) tell which one
 * went. Anything else — a state it did not see coming, a skipped step — makes it forget the
 * order of the whole stock. So an agent must see every state of a game to remember (the
 * evaluation calls `act` at every step), and an agent reset with an empty memory treats
 * the whole stock as unseen: permuting the stock of a state it has not played to
 * changes nothing (the fairness test).
 *
 * Once the whole stock is known it also records every position the game holds
 * (`held`): a search that knows where the game has been does not lead it round again
 * (solver.ts, `HeldPositions`).
 */
import type { Env } from '../../../env/env.js';
import type { DecadeState } from '../engine.js';
import { shuffleInPlace, type Rng } from '../../../env/rng.js';
import { CARD_VALUE, DECADE_ACTIONS, MAX_STACKS, runLengthOf, runStartOf } from '../engine.js';
import { DECK_SIZE, Position, type Rules } from './position.js';
import { HeldPositions } from './solver.js';

/**
 * What a player remembers of the stock, as `StockMemory.remembered` gives it: the unseen count,
 * the known values in drawing order and the positions held since nothing was unseen (keys).
 */
export interface Remembered {
  unknown: number;
  known: number[];
  held?: number[];
}

/** An agent whose memory of the stock can be set: a position scored away from its own game (distillation's labels). */
export interface RemembersStock {
  /** Remember `remembered` at `env`'s state (after `reset`, which forgets). */
  restoreMemory(env: Env, remembered: Remembered): void;
}

export function remembersStock(agent: object): agent is RemembersStock {
  return typeof (agent as Partial<RemembersStock>).restoreMemory === 'function';
}

export class StockMemory {
  /** Cards at the top of the stock whose order is unknown. */
  unknown = 0;
  /** Known values under them, top first: known[(head + i) % 52]. */
  private readonly known = new Uint8Array(DECK_SIZE);
  private head = 0;
  private knownLen = 0;
  /** The state seen last (values, stock size, steps), or none. */
  private last: Position | null = null;
  private seen = false;
  private trial: Position | null = null;
  private readonly moves = new Int32Array(DECADE_ACTIONS);
  private readonly counts = new Int32Array(11);
  /** The cards the inferred move put under the stock. */
  private readonly picked = new Uint8Array(DECK_SIZE);
  private pickedLen = 0;
  /** The last state's cards (ids, suits included), where `last` holds their values. */
  private readonly lastCards = new Uint8Array(MAX_STACKS * DECK_SIZE);
  /** The positions the game has held since the whole stock became known. */
  readonly held = new HeldPositions();
  private scratch: Position | null = null;

  /** The same memory as `other` (a copy, sharing nothing). */
  copyFrom(other: StockMemory): void {
    this.unknown = other.unknown;
    this.known.set(other.known);
    this.head = other.head;
    this.knownLen = other.knownLen;
    this.seen = other.seen;
    this.lastCards.set(other.lastCards);
    this.held.copyFrom(other.held);
    if (other.last === null) {
      this.last = null;
      return;
    }
    if (this.last === null || this.last.stacks !== other.last.stacks) {
      this.last = new Position(other.last.stacks);
      this.trial = new Position(other.last.stacks);
    }
    this.last.copyFrom(other.last);
  }

  /** What it remembers, to restore with `restore` (a training checkpoint, a position labelled elsewhere). */
  remembered(): Remembered {
    return {
      unknown: this.unknown,
      known: Array.from({ length: this.knownLen }, (_, i) => this.knownAt(i)),
      held: this.held.toArray(),
    };
  }

  /** The memory `remembered` gave, standing at `state` (the state it was taken at). */
  restore(state: DecadeState, remembered: Readonly<Remembered>): void {
    if (this.last === null || this.last.stacks !== state.numStacks) {
      this.last = new Position(state.numStacks);
      this.trial = new Position(state.numStacks);
    }
    this.unknown = remembered.unknown;
    this.head = 0;
    this.knownLen = remembered.known.length;
    this.known.set(remembered.known);
    this.last.loadTableOnly(state);
    this.last.stockLen = state.stockLen;
    this.lastCards.set(state.table.subarray(0, state.numStacks * DECK_SIZE));
    this.seen = true;
    this.held.setKeys(remembered.held ?? []);
  }

  /** Forgets everything (a new episode). */
  clear(): void {
    this.seen = false;
    this.held.clear();
  }

  /** Brings the memory up to `state` (see the file's comment). */
  sync(state: DecadeState, r: Rules): void {
    if (this.last === null || this.last.stacks !== r.stacks) {
      this.last = new Position(r.stacks);
      this.trial = new Position(r.stacks);
      this.seen = false;
    }
    const last = this.last;
    const ok =
      this.seen &&
      (state.steps === last.steps
        ? this.same(state, last, -1)
        : state.steps === last.steps + 1 && this.infer(state, r));
    if (!ok || this.unknown + this.knownLen !== state.stockLen || !this.knownFits(state)) {
      this.unknown = state.stockLen;
      this.head = 0;
      this.knownLen = 0;
      this.held.clear();
    }
    last.loadTableOnly(state);
    last.stockLen = state.stockLen;
    this.lastCards.set(state.table.subarray(0, state.numStacks * DECK_SIZE));
    this.seen = true;
    if (this.unknown === 0) this.hold(state);
  }

  /** Records `state`, whose stock is all known, as held. */
  private hold(state: DecadeState): void {
    if (this.scratch === null || this.scratch.stacks !== state.numStacks) this.scratch = new Position(state.numStacks);
    const p = this.scratch;
    p.loadTableOnly(state);
    for (let i = 0; i < this.knownLen; i++) p.stock[i] = this.knownAt(i);
    p.head = 0;
    p.stockLen = this.knownLen;
    this.held.add(p);
  }

  /** Known cards under the unseen ones. */
  get knownCount(): number {
    return this.knownLen;
  }

  /** The value of the i-th known card (0 = the first drawn after the unseen ones). */
  knownAt(i: number): number {
    return this.known[(this.head + i) % DECK_SIZE];
  }

  /** The unseen cards by value (1..10): the stock's composition minus the known cards. */
  unseenCounts(state: DecadeState, out: Int32Array): void {
    for (let v = 1; v <= 10; v++) out[v] = state.stockValues[v];
    for (let i = 0; i < this.knownLen; i++) out[this.known[(this.head + i) % DECK_SIZE]]--;
  }

  /**
   * Loads the table of `state` into p with a sampled stock: the unseen cards (the
   * composition minus the known cards) shuffled with `rng`, then the known cards.
   */
  fill(p: Position, state: DecadeState, rng: Rng): void {
    p.loadTableOnly(state);
    const c = this.counts;
    this.unseenCounts(state, c);
    let at = 0;
    for (let v = 1; v <= 10; v++) for (let k = 0; k < c[v]; k++) p.stock[at++] = v;
    shuffleInPlace(rng, p.stock, at);
    for (let i = 0; i < this.knownLen; i++) p.stock[at++] = this.known[(this.head + i) % DECK_SIZE];
    p.head = 0;
    p.stockLen = at;
  }

  /**
   * Finds the one legal move from the last state that gives `state` and applies its effect
   * on the stock; false when there is none, or several that pick up different orders.
   * Two runs can leave the same values on the table; the cards themselves (which the player
   * sees, suits included) tell which one went: its cards are no longer on the table.
   */
  private infer(state: DecadeState, r: Rules): boolean {
    const last = this.last!;
    const trial = this.trial!;
    const n = last.generate(r, this.moves);
    let found = -1;
    for (let i = 0; i < n; i++) {
      const m = this.moves[i];
      trial.copyFrom(last);
      trial.apply(r, m);
      if (!this.same(state, trial, m === 0 ? trial.current : -1)) continue;
      if (found >= 0) {
        if (found === 0 || m === 0) return false;
        if (!this.samePickUp(last, found, m)) {
          const foundGone = this.cardsGone(last, found, state);
          if (foundGone === this.cardsGone(last, m, state)) return false;
          if (foundGone) continue;
        }
      }
      found = m;
    }
    if (found < 0) return false;
    if (found > 0) {
      this.pickUp(last, found);
      for (let i = 0; i < this.pickedLen; i++) this.known[(this.head + this.knownLen++) % DECK_SIZE] = this.picked[i];
      return true;
    }
    if (this.unknown > 0) {
      this.unknown--;
      return true;
    }
    // The card drawn was a known one: it must be the one remembered on top.
    const k = state.current;
    const drawn = CARD_VALUE[state.table[k * DECK_SIZE + state.len[k] - 1]];
    if (this.knownLen === 0 || this.known[this.head] !== drawn) return false;
    this.head = (this.head + 1) % DECK_SIZE;
    this.knownLen--;
    return true;
  }

  /** Whether runs a and b of p put the same values under the stock in the same order. */
  private samePickUp(p: Position, a: number, b: number): boolean {
    this.pickUp(p, a);
    const first = this.picked.slice(0, this.pickedLen);
    this.pickUp(p, b);
    return first.length === this.pickedLen && first.every((v, i) => v === this.picked[i]);
  }

  /** The values run `action` of p puts under the stock, in order, into `picked`. */
  private pickUp(p: Position, action: number): void {
    this.runSpots(p, action);
    const base = p.current * DECK_SIZE;
    for (let i = 0; i < this.pickedLen; i++) this.picked[i] = p.vals[base + this.picked[i]];
  }

  /** The places on p's current stack that run `action` takes, in the order they go under the stock, into `picked`. */
  private runSpots(p: Position, action: number): void {
    const start = runStartOf(action);
    const end = start + runLengthOf(action);
    const n = p.len[p.current];
    this.pickedLen = 0;
    for (let i = 0; i < end - n; i++) this.picked[this.pickedLen++] = i;
    for (let i = start; i < Math.min(end, n); i++) this.picked[this.pickedLen++] = i;
  }

  /** Whether none of the cards run `action` of p (the last state) takes is on `state`'s table. */
  private cardsGone(p: Position, action: number, state: DecadeState): boolean {
    this.runSpots(p, action);
    const base = p.current * DECK_SIZE;
    for (let i = 0; i < this.pickedLen; i++) {
      const card = this.lastCards[base + this.picked[i]];
      for (let k = 0; k < state.numStacks; k++) {
        for (let j = 0; j < state.len[k]; j++) if (state.table[k * DECK_SIZE + j] === card) return false;
      }
    }
    return true;
  }

  /** Whether `state` has p's table (stack `skipTop`'s top card, a drawn one, not compared). */
  private same(state: DecadeState, p: Position, skipTop: number): boolean {
    if (state.stockLen !== p.stockLen || state.current !== p.current || state.tableCount !== p.tableCount) return false;
    for (let k = 0; k < p.stacks; k++) {
      const n = p.len[k];
      if (state.len[k] !== n) return false;
      const upTo = k === skipTop ? n - 1 : n;
      for (let i = 0; i < upTo; i++)
        if (CARD_VALUE[state.table[k * DECK_SIZE + i]] !== p.vals[k * DECK_SIZE + i]) return false;
    }
    return true;
  }

  /** The known cards are among the stock's composition. */
  private knownFits(state: DecadeState): boolean {
    const c = this.counts;
    for (let v = 1; v <= 10; v++) c[v] = state.stockValues[v];
    for (let i = 0; i < this.knownLen; i++) if (--c[this.known[(this.head + i) % DECK_SIZE]] < 0) return false;
    return true;
  }
}
