// Tens and Block Ten asked about a move in explicit positions: the engine's reason for a legal
// move ('it is legal') and for a deal with nothing left to deal; how a pair with one empty slot
// is described; and a buffered game with the tens blocked that is won only once the tens are dealt.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, cardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { make } from '../../../src/env/registry.js';
import { deckWith, pairId, thrown, type TableJSON } from '../../helpers/pairing.js';

const ALL = Array.from({ length: DECK_SIZE }, (_, c) => cardCode(c));
// Nine cards with no pair among them and no 3, 4, 6 or 7.
const FILLER_9 = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', 'QC'];
const DEAL = 82; // Tens, 13 slots, buffered: 78 pairs, 4 quartets, then deal

const why = (env: Env, action: number): string => env.game.whyIllegal!(env.rawState, env.options, action);

/** A buffered Tens game loaded with `slots` (card or null per slot) and `stock`; the rest removed. */
function buffered(slots: Record<number, string>, stock: string[], options: object = {}): Env {
  const env = make('tens', { refill: 'buffered', ...options });
  env.reset({ seed: 0 });
  const tableau: (string | null)[] = new Array(13).fill(null);
  for (const [i, c] of Object.entries(slots)) tableau[Number(i)] = c;
  const kept = new Set([...Object.values(slots), ...stock]);
  const game: TableJSON = { tableau, stock, removed: ALL.filter((c) => !kept.has(c)) };
  env.setState({ ...env.getState(), game });
  return env;
}

describe('pairing reasons: a legal move is called legal', () => {
  it('a pair that makes ten, in Tens and in Block Ten', () => {
    const tens = make('tens');
    tens.reset({ deck: deckWith(['3C', '7C', ...FILLER_9, 'KC', 'KD']) });
    expect(tens.isLegal(0)).toBe(true);
    expect(why(tens, 0)).toBe('it is legal');
    const block = make('block-ten');
    block.reset({ deck: deckWith(['JC', 'JD', 'AC', 'AD', 'AH', 'AS', '2C', '2D', '2H']) });
    expect(block.isLegal(0)).toBe(true);
    expect(why(block, 0)).toBe('it is legal');
  });

  it('a deal with an empty slot and cards in the stock', () => {
    const env = make('tens', { refill: 'buffered' });
    env.reset({ deck: deckWith(['3C', '7C', '4C', '6C', ...FILLER_9]) });
    env.step(pairId(13, 2, 3));
    expect(env.isLegal(DEAL)).toBe(true);
    expect(why(env, DEAL)).toBe('it is legal');
    // A pair with its second slot empty is described by slots, naming the card that is there.
    expect(env.describeAction(pairId(13, 0, 2))).toBe('remove slots 0 + 2 (3♣ + --)');
    expect(thrown(() => env.step(pairId(13, 0, 2))).message).toContain('is not legal: slot 2 is empty');
  });
});

describe('pairing reasons: the deal with the stock dealt out', () => {
  it('is refused because the stock is empty, while a pair is still on', () => {
    const env = buffered({ 5: 'AC', 6: '9C', 7: '2C', 8: '8C' }, []);
    env.step(pairId(13, 5, 6));
    expect(env.running).toBe(true);
    expect(why(env, DEAL)).toBe('the stock is empty');
    expect(thrown(() => env.step(DEAL)).message).toContain('is not legal: the stock is empty');
  });
});

describe('pairing: buffered with the tens blocked', () => {
  it('is not won at the 48th card while the tens wait in the stock; the deal that brings them wins', () => {
    const env = buffered({ 0: 'AC', 1: '9C' }, ['TC', 'TD', 'TH', 'TS'], { blockTens: true });
    const removal = env.step(pairId(13, 0, 1));
    expect(removal.reward).toBe(0);
    expect(env.running).toBe(true);
    expect(env.legalActions()).toEqual([DEAL]);
    const deal = env.step(DEAL);
    expect(deal.reward).toBe(1);
    expect(env.running).toBe(false);
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 4 });
  });
});
