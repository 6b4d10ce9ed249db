// A link's `moves` (web/link.ts) followed by the player's session: links the page wrote when its undo took back one
// step (`u` after forced moves stops before a forced one) replay to the position that page showed, and the links the
// page writes now (the session's steps, the undos apart) bring back the session's position and its undos.
import { describe, expect, it } from 'vitest';
import { Session, make, type EnvState } from '../../src/index.js';
import { oldLink } from '../helpers/old-links.js';
import { linkMoves, recordOf } from '../../web/store.js';
import { linkSteps } from '../../web/link.js';

const UNLIMITED = { undoLimit: 'unlimited' };

/** A link the page wrote before its undo went by decision, on `id`'s deal `seed` with unlimited undos. */
const oldLinkOf = (
  id: string,
  seed: number,
  choices: ('first' | 'last' | 'u')[],
): { moves: string; state: EnvState } => {
  const env = make(id, UNLIMITED);
  env.reset({ seed });
  return oldLink(env, choices);
};

/** The page's reading of a link: the deal in a session, the link's steps followed. */
function follow(id: string, seed: number, moves: string, undos = 0): { session: Session; bad: number | null } {
  const session = new Session(id, { options: UNLIMITED });
  session.newDeal({ seed, found: true });
  const env = make(id, UNLIMITED);
  env.reset({ seed });
  const read = linkSteps(env, moves, session.undosLeft);
  session.followSteps(read.steps, { undosUsed: read.undone + undos, thenForced: !read.endsInUndo });
  return { session, bad: read.bad };
}

describe('a link’s moves', () => {
  it('written by the page when its undo took back one step: the same position, a forced move left waiting', () => {
    // Block Ten deal 8: the last move at its third choice is followed by forced moves; one `u` takes back the last.
    const link = oldLinkOf('block-ten', 8, ['last', 'last', 'last', 'u']);
    expect(link.moves).toMatch(/\.f[2-9]\d*\.u$/);
    const { session, bad } = follow('block-ten', 8, link.moves);
    expect(bad).toBeNull();
    expect(session.env.getState().game).toEqual(link.state.game);
    expect(session.env.legalCount).toBe(1);
    expect(session.undosUsed).toBe(1);
    // Written again and read again: the same position, waiting at the same forced move, and the same undos spent.
    const again = linkMoves(recordOf(session.steps), session.undosUsed, true);
    const reread = follow('block-ten', 8, again.moves ?? '', again.undos);
    expect(reread.session.env.getState().game).toEqual(link.state.game);
    expect(reread.session.undosUsed).toBe(1);
    // Ended by any other move, a link's forced moves play on, as that page played them.
    const onward = follow('block-ten', 8, link.moves.replace(/\.u$/, ''));
    expect(onward.session.env.legalCount).not.toBe(1);
    expect(onward.session.steps.length).toBe(session.steps.length + 1);
  });

  it('written by the page with undos between moves: the same position, the moves after them played', () => {
    const link = oldLinkOf('king-tut', 0, ['first', 'last', 'u', 'u', 'first', 'first', 'u', 'last']);
    const { session, bad } = follow('king-tut', 0, link.moves);
    expect(bad).toBeNull();
    expect(session.env.getState().game).toEqual(link.state.game);
    expect(session.undosUsed).toBe(3);
  });

  it('stops at the first move that is not legal, counted as the player made them, undos in, forced moves not', () => {
    const link = oldLinkOf('block-ten', 8, ['last', 'last']);
    const { session, bad } = follow('block-ten', 8, `${link.moves}.u.99999.${link.moves}`);
    expect(bad).toBe(4);
    const back = oldLinkOf('block-ten', 8, ['last', 'last', 'u']);
    expect(session.env.getState().game).toEqual(back.state.game);
    // A run of forced moves longer than the game's is a bad move: the one after the moves counted before it.
    expect(follow('block-ten', 8, 'f999').bad).toBe(1);
  });
});
