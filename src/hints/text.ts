/**
 * What a hint shows besides its score: the cards a move involves (so a front end can
 * highlight them) and, for Four Ten, the round's prospects in words. The cards are read
 * from the state JSON (`getState().game`), so their places and indices are those a front
 * end already holds. Browser-safe.
 */
import type { Env } from '../env/env.js';
import type { AnyGame } from '../env/game.js';
import { blockTenGame } from '../env/games/block-ten.js';
import { DRAW, decadeGame, runLengthOf, runStartOf } from '../env/games/decade.js';
import { END_TURN, FIRST_EXCHANGE, FIRST_REPLACE, fourTenGame } from '../env/games/four-ten.js';
import { tensGame } from '../env/games/tens.js';
import type { FourTenActionDetail } from '../agents/four-ten-solver/optimal-agent.js';

/**
 * A card a move involves. Where it is, in the state JSON's terms:
 * - `slot` (tens, block-ten): `game.tableau[index]`;
 * - `line` / `stack` (decade family; `line` with one stack): `game.stacks[stack][index]`,
 *   index 0 = the oldest card;
 * - `hand` / `home` / `shadow` (four-ten): `game[place][index]`, the hands as the state lists them
 *   (values sorted); `drawn`: `game.drawn` (index 0).
 */
export interface HintCard {
  place: 'slot' | 'line' | 'stack' | 'hand' | 'home' | 'shadow' | 'drawn';
  /** The stack (decade family only; 0 for the single line). */
  stack?: number;
  index: number;
  /** The card's code as the state JSON writes it ("4C"; Four Ten "3"). */
  code: string;
}

interface PairingJson {
  tableau: (string | null)[];
}
interface DecadeJson {
  stacks: string[][];
  current: number;
}
interface FourTenJson {
  hand: string[];
  home: string[];
  shadow: string[];
  drawn: string | null;
}

const QUARTET_RANKS = ['T', 'J', 'Q', 'K'];
const FOUR_TEN_PLACES = ['hand', 'home', 'shadow'] as const;

/** Slot pairs (i, j) of each pair id for a tableau of `slots` (lexicographic order, as the engine numbers them). */
const pairTables = new Map<number, [number, number][]>();
function slotPairs(slots: number): [number, number][] {
  let pairs = pairTables.get(slots);
  if (!pairs) {
    pairs = [];
    for (let i = 0; i < slots; i++) for (let j = i + 1; j < slots; j++) pairs.push([i, j]);
    pairTables.set(slots, pairs);
  }
  return pairs;
}

/** The cards of a pairing move (Tens, Block Ten); `quartets`: the ids after the pairs remove a quartet of a rank (Tens), else they deal. */
function pairingCards(game: PairingJson, action: number, quartets: boolean): HintCard[] {
  const pairs = slotPairs(game.tableau.length);
  const slot = (index: number): HintCard => ({ place: 'slot', index, code: game.tableau[index] ?? '' });
  if (action < pairs.length) return pairs[action].map(slot);
  const quartet = action - pairs.length;
  if (quartets && quartet < 4) {
    const out: HintCard[] = [];
    game.tableau.forEach((code, index) => {
      if (code !== null && code[0] === QUARTET_RANKS[quartet]) out.push(slot(index));
    });
    return out;
  }
  return []; // deal: the cards come from the stock, unseen
}

function decadeCards(game: DecadeJson, action: number): HintCard[] {
  if (action === DRAW) return []; // draw: the next card is unseen
  const start = runStartOf(action);
  const length = runLengthOf(action);
  const stack = game.current;
  const cards = game.stacks[stack];
  const place = game.stacks.length === 1 ? 'line' : 'stack';
  const out: HintCard[] = [];
  for (let i = 0; i < length; i++) {
    const index = (start + i) % cards.length;
    out.push({ place, stack, index, code: cards[index] });
  }
  return out;
}

function fourTenCards(game: FourTenJson, action: number): HintCard[] {
  const inHand = (h: number, value: number): HintCard => {
    const place = FOUR_TEN_PLACES[h];
    return { place, index: game[place].indexOf(String(value)), code: String(value) };
  };
  if (action < FIRST_REPLACE) return game.drawn === null ? [] : [{ place: 'drawn', index: 0, code: game.drawn }];
  if (action < FIRST_EXCHANGE) return [inHand((action - FIRST_REPLACE) >> 2, ((action - FIRST_REPLACE) & 3) + 1)];
  if (action < END_TURN) {
    const e = action - FIRST_EXCHANGE;
    return [inHand(0, ((e >> 2) & 3) + 1), inHand((e >> 4) + 1, (e & 3) + 1)];
  }
  return []; // end the turn
}

/** Each engine's reading of its state JSON (the JSON types above are the engines' own). */
const CARDS_OF = new Map<AnyGame, (game: unknown, action: number) => HintCard[]>([
  [tensGame, (game, action) => pairingCards(game as PairingJson, action, true)],
  [blockTenGame, (game, action) => pairingCards(game as PairingJson, action, false)],
  [decadeGame, (game, action) => decadeCards(game as DecadeJson, action)],
  [fourTenGame, (game, action) => fourTenCards(game as FourTenJson, action)],
]);

/** The cards of `action` in a state whose JSON game part is `game`. */
export function actionCards(env: Env, game: unknown, action: number): HintCard[] {
  return CARDS_OF.get(env.game)?.(game, action) ?? [];
}

/** "31%"; "0.4%", "0.06%" or "under 0.01%" below 1% and above 0; "over 99%" for 99.5% … 100% excluded. */
function percent(p: number): string {
  const x = 100 * p;
  if (x > 0 && x < 0.01) return 'under 0.01%';
  if (x > 0 && x < 1) return `${x < 0.1 ? x.toFixed(2) : x.toFixed(1)}%`;
  if (x >= 99.5 && x < 100) return 'over 99%';
  return `${Math.round(x)}%`;
}

/**
 * The round's prospects after a Four Ten move, with the rest of the round played by the
 * solver's policy: "75% chance the Hand makes 10, 25% chance of the 28-point bottom, 0.06%
 * risk of a fault (14.5 points expected this round)".
 */
export function fourTenProspects(d: FourTenActionDetail, handTarget: number): string {
  if (d.fault > 0.9995) return 'ends the round in a fault';
  if (d.score > 0.9995) return `makes ${handTarget} for ${handTarget} points`;
  const parts: string[] = [];
  if (d.score >= 0.0005) parts.push(`${percent(d.score)} chance the Hand makes ${handTarget}`);
  if (d.bottom >= 0.0005 && Number.isFinite(d.bottomPoints)) parts.push(`${percent(d.bottom)} chance of the ${Math.round(d.bottomPoints)}-point bottom`);
  parts.push(d.fault < 1e-12 ? 'no risk of a fault' : `${percent(d.fault)} risk of a fault`);
  return `${parts.join(', ')} (${d.points.toFixed(1)} points expected this round)`;
}
