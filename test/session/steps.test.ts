// The session's undo on a deal with forced draws, and its record of steps (`steps`, `followSteps`): what the play
// page's links carry, played back to the same position, a forced move the record stops before included.
import { describe, expect, it } from 'vitest';
import { Session, type Turn } from '../../src/index.js';

/** The first seed of `id` (from 0) where the last legal move leads to forced moves while the game goes on. */
function dealWithForcedAfterADecision(id: string): { seed: number; before: number; turn: Turn; session: Session } {
  for (let seed = 0; seed < 50; seed++) {
    const session = new Session(id, { options: { undoLimit: 'unlimited' } });
    session.newDeal({ seed });
    for (let before = 0; before < 60 && session.running; before++) {
      const moves = session.moves();
      const turn = session.play(moves[moves.length - 1]);
      if (turn.forced.length >= 2 && session.running) return { seed, before, turn, session };
    }
  }
  throw new Error(`no deal of ${id} with forced moves after a decision`);
}

describe('Session undo', () => {
  it('takes back the player’s move and the forced draws after it, at the cost of one undo', () => {
    // King Tut deals three cards at a time from its stock: a move that empties the pyramid's choices is followed by
    // the draws it forces.
    const { turn, session } = dealWithForcedAfterADecision('king-tut');
    expect(turn.forced.every((m) => m.cards.length === 0)).toBe(true);
    const stepsAfter = session.steps.length;
    expect(session.steps.slice(-turn.forced.length).every((s) => s.forced)).toBe(true);
    const decision = session.steps[stepsAfter - turn.forced.length - 1];
    expect(decision).toEqual({ action: turn.move?.action, forced: false });
    const undone = session.undo();
    expect(undone.kind).toBe('undo');
    expect(session.undosUsed).toBe(1);
    expect(session.steps.length).toBe(stepsAfter - turn.forced.length - 1);
    expect(session.env.episodeSteps).toBe(session.steps.length);
    // Back where the player chose: the move played is legal again, and playing it again forces the same draws.
    expect(session.env.isLegal(turn.move?.action ?? -1)).toBe(true);
    const again = session.play(turn.move?.action ?? -1);
    expect(again.forced.map((m) => m.action)).toEqual(turn.forced.map((m) => m.action));
    expect(session.steps.length).toBe(stepsAfter);
  });

  it('counts its budget in decisions: three undos of three take back three moves and their forced moves', () => {
    const { session } = dealWithForcedAfterADecision('king-tut');
    const limited = new Session('king-tut', { options: { undoLimit: 3 } });
    limited.newDeal({ seed: session.deal.seed });
    limited.followSteps(session.steps.map((s) => s.action));
    const decisions = limited.yourMoves;
    expect(decisions).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 3; i++) limited.undo();
    expect(limited.undosLeft).toBe(0);
    expect(limited.canUndo).toBe(false);
    expect(limited.yourMoves).toBe(decisions - 3);
    expect(() => limited.undo()).toThrow(/all 3 undos of this game are used/);
  });
});

describe('Session steps', () => {
  it('followSteps plays a game’s steps back to the same position, forced ones again forced, and saves it', () => {
    const { session } = dealWithForcedAfterADecision('block-ten');
    const copy = new Session('block-ten', { options: { undoLimit: 'unlimited' } });
    copy.newDeal({ seed: session.deal.seed });
    expect(
      copy.followSteps(
        session.steps.map((s) => s.action),
        { undosUsed: 2 },
      ),
    ).toBeNull();
    expect(copy.env.getState().game).toEqual(session.env.getState().game);
    expect(copy.steps).toEqual(session.steps);
    expect(copy.yourMoves).toBe(session.yourMoves);
    expect(copy.undosUsed).toBe(2);
    const loaded = Session.load(JSON.parse(JSON.stringify(copy.save())));
    expect(loaded.env.getState()).toEqual(copy.env.getState());
    expect(loaded.steps).toEqual(copy.steps);
    expect(loaded.undosUsed).toBe(2);
  });

  it('stops where the steps stop, before a forced move, which then waits for the player', () => {
    const { session, turn } = dealWithForcedAfterADecision('block-ten');
    const cut = session.steps.map((s) => s.action).slice(0, -1);
    const held = new Session('block-ten');
    held.newDeal({ seed: session.deal.seed });
    expect(held.followSteps(cut)).toBeNull();
    expect(held.steps.length).toBe(cut.length);
    expect(held.env.legalCount).toBe(1);
    // Saved and loaded, it waits at the same move.
    const loaded = Session.load(held.save());
    expect(loaded.env.getState()).toEqual(held.env.getState());
    // The player plays it: a decision of theirs.
    const last = turn.forced[turn.forced.length - 1].action;
    const played = held.play(last);
    expect(played.move?.action).toBe(last);
    expect(held.env.getState().game).toEqual(session.env.getState().game);
    expect(held.steps.at(-1)).toEqual({ action: last, forced: false });
    // With thenForced the forced move is played for the player, as after the player's own move.
    const on = new Session('block-ten');
    on.newDeal({ seed: session.deal.seed });
    expect(on.followSteps(cut, { thenForced: true })).toBeNull();
    expect(on.steps).toEqual(session.steps);
    expect(Session.load(on.save()).steps).toEqual(session.steps);
  });

  it('followSteps stops at a step that is not legal there and says which', () => {
    const { session } = dealWithForcedAfterADecision('block-ten');
    const steps = session.steps.map((s) => s.action);
    const copy = new Session('block-ten');
    copy.newDeal({ seed: session.deal.seed });
    expect(copy.followSteps([...steps.slice(0, 2), 99_999, ...steps.slice(2)])).toBe(2);
    expect(copy.steps.map((s) => s.action)).toEqual(steps.slice(0, 2));
    expect(() => copy.followSteps('1.2' as unknown as number[])).toThrow(/array of action ids/);
  });

  it('deals a seed found elsewhere as it is, with the day asked', () => {
    const s = new Session('tens');
    s.newDeal({ seed: 41, daily: '2026-11-28', winnable: true, found: true });
    expect(s.deal).toEqual({ seed: 41, daily: '2026-11-28', winnable: true });
  });
});
