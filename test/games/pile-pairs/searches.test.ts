// @slow: sampled searches (pimc, rollout) over many positions, which the agents' folders hold elsewhere.
// The pile games' fair agents never read a face-down or stock card: two states that differ only in where the unseen
// cards lie (the same cards, moved among the face-down places and the stock) get the same scores and the same move.
// The oracle, which reads them, is the control: on some of these pairs of states it answers differently.
import { describe, expect, it } from 'vitest';
import { agentsFor, createAgent } from '../../../src/agents/index.js';
import { envIds, make } from '../../../src/env/registry.js';

type PilesJson = { piles: string[][]; stock?: string[] };

/** The pile games with hidden cards: those whose catalogue has the sampled searches over them. */
const IDS = envIds().filter((id) => {
  const names = agentsFor(id).map((a) => a.name);
  return names.includes('rollout') && names.includes('oracle');
});

/** The state's JSON with its unseen cards (under each pile's top when face down, and the stock) rotated by one. */
function moveUnseen(game: PilesJson, faceDown: boolean): PilesJson {
  const piles = game.piles.map((pile) => [...pile]);
  const stock = [...(game.stock ?? [])];
  const places: [string[], number][] = [];
  if (faceDown) for (const pile of piles) for (let k = 0; k < pile.length - 1; k++) places.push([pile, k]);
  for (let k = 0; k < stock.length; k++) places.push([stock, k]);
  const cards = places.map(([list, k]) => list[k]);
  places.forEach(([list, k], i) => {
    list[k] = cards[(i + 1) % cards.length];
  });
  return { ...game, piles, ...(game.stock ? { stock } : {}) };
}

/** Two envs on one deal after a few `greedy` moves: the true one and one whose unseen cards lie elsewhere. */
function twins(id: string, seed: number, moves: number) {
  const env = make(id);
  env.reset({ seed });
  const greedy = createAgent('greedy', id);
  for (let m = 0; m < moves && env.running; m++) env.step(greedy.act(env));
  const state = env.getState();
  const game = state.game as PilesJson;
  const faceDown = !game.stock?.length;
  const other = make(id);
  other.setState({ ...state, game: moveUnseen(game, faceDown) });
  return { env, other };
}

describe('the fair pile agents read only what a player sees', () => {
  it('finds the games with hidden cards in the registry', () => {
    expect(IDS.length).toBeGreaterThanOrEqual(4);
  });

  it.each(IDS)('%s: the same scores and move wherever the unseen cards lie', (id) => {
    const fair = agentsFor(id)
      .filter((a) => a.fair && a.name !== 'random')
      .map((a) => a.name);
    expect(fair).toEqual(expect.arrayContaining(['greedy', 'careful', 'rollout', 'pimc']));
    let compared = 0;
    for (let seed = 1; seed <= 12 && compared < 2; seed++) {
      const { env, other } = twins(id, seed, 2);
      if (!env.running || env.legalCount < 2) continue;
      expect(Array.from(other.observation)).toEqual(Array.from(env.observation));
      expect(JSON.stringify(other.getState().game)).not.toBe(JSON.stringify(env.getState().game));
      compared++;
      for (const name of fair) {
        const a = createAgent(name, id);
        const b = createAgent(name, id);
        a.reset(seed);
        b.reset(seed);
        if (a.score) expect(b.score!(other), `${name} seed ${seed}`).toEqual(a.score(env));
        expect(b.act(other), `${name} seed ${seed}`).toBe(a.act(env));
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it.each(IDS)('%s: the oracle, which reads the unseen cards, tells such states apart', (id) => {
    const oracle = createAgent('oracle', id);
    const scores = (e: ReturnType<typeof make>) => JSON.stringify(oracle.score!(e));
    let differs = false;
    for (let seed = 1; seed <= 30 && !differs; seed++) {
      const { env, other } = twins(id, seed, 2);
      if (env.running) differs = scores(env) !== scores(other);
    }
    expect(differs).toBe(true);
  });
});
