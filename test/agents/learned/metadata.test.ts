// whyOtherGame: whether a model saved for one env plays another's game (loading a model, the
// hint source and `tengym eval` all ask it).
import { describe, expect, it } from 'vitest';
import { whyOtherGame } from '../../../src/agents/learned/model-fit.js';
import { envConfig, resolveOptions } from '../../../src/env/registry.js';

describe('whyOtherGame', () => {
  const decadeLoop = resolveOptions('decade-loop');

  it('is null for the same game, under the id or another name for it, the training reward aside', () => {
    expect(whyOtherGame('decade-loop', decadeLoop, envConfig('decade-loop'))).toBeNull();
    expect(whyOtherGame('decade-loop', decadeLoop, envConfig('decade', { loop: true, maxRun: 3 }))).toBeNull();
    expect(whyOtherGame('decade-loop', { ...decadeLoop, reward: 'cards' }, envConfig('decade-loop'))).toBeNull();
  });

  it('names each option that differs, with both values, or says another game', () => {
    expect(whyOtherGame('decade-loop', decadeLoop, envConfig('decade-loop', { maxRun: 4, minRun: 3 }))).toBe(
      'minRun 2 there, 3 here; maxRun 3 there, 4 here',
    );
    expect(whyOtherGame('decade-loop', decadeLoop, envConfig('tens'))).toBe('another game');
  });

  it('takes an option missing from a model saved before the option existed as its default', () => {
    const { win: _, ...savedBeforeWin } = decadeLoop;
    expect(whyOtherGame('decade-loop', savedBeforeWin, envConfig('decade-loop'))).toBeNull();
    expect(whyOtherGame('decade-loop', savedBeforeWin, envConfig('decade-loop', { win: 'one-left' }))).toBe(
      'win "empty" there, "one-left" here',
    );
    // The default of the model's own id: its preset's where it sets the option.
    expect(whyOtherGame('decade-fives', {}, envConfig('decade'))).toBe('fives true there, false here');
    expect(whyOtherGame('decade-fives', {}, envConfig('decade-fives'))).toBeNull();
  });

  it("compares as saved when the saved options are not the engine's (an option since removed)", () => {
    expect(whyOtherGame('decade-loop', { ...decadeLoop, gone: 1 }, envConfig('decade-loop'))).toBe(
      'gone 1 there, no such option here',
    );
  });
});
