// playthrough's own arguments: what is not an env or not a function is refused by name before
// anything is dealt (the golden files in golden.test.ts pin what it writes).
import { describe, expect, it } from 'vitest';
import { playthrough } from '../../src/env/playthrough.js';
import { make } from '../../src/env/registry.js';
import { thrown } from '../helpers/pairing.js';

describe('playthrough', () => {
  const next = () => undefined;
  const emit = () => {};

  it('refuses what is not an env, naming it', () => {
    for (const bad of [null, undefined, {}, 'tens'])
      expect(thrown(() => playthrough(bad as never, {}, next, emit)).code).toBe('bad-argument');
    expect(() => playthrough(null as never, {}, next, emit)).toThrow(
      /^playthrough plays an env \(make\(id\)\), got null$/,
    );
  });

  it('refuses a next or emit that is not a function, before dealing', () => {
    const env = make('tens');
    expect(() => playthrough(env, { seed: 1 }, undefined as never, emit)).toThrow(
      /^playthrough: next must be a function \(env, step\) => action or undefined to stop, got undefined$/,
    );
    expect(() => playthrough(env, { seed: 1 }, next, null as never)).toThrow(
      /^playthrough: emit must be a function that takes each line, got null$/,
    );
    expect(thrown(() => playthrough(env, { seed: 1 }, next, 'x' as never)).code).toBe('bad-argument');
    expect(env.hasStarted).toBe(false);
    const lines: object[] = [];
    playthrough(env, { seed: 1 }, next, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
  });

  it('deals what reset deals: a seed, or a deck as a string or an array (ResetOptions)', () => {
    const deck = Array.from({ length: 32 }, (_, i) => 1 + (i % 4));
    const lines: { state?: { game: { drawn: string; stock: string[] } } }[] = [];
    playthrough(
      make('four-ten'),
      { deck },
      () => undefined,
      (line) => lines.push(line as (typeof lines)[number]),
    );
    expect(lines[0].state!.game.drawn).toBe('1');
    expect(lines[0].state!.game.stock.slice(0, 3)).toEqual(['2', '3', '4']);
  });
});
