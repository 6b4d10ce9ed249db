// The player's session (src/session/session.ts) on every registered id: forced moves grouped with the player's move,
// undo back to the last decision at the cost of one undo, the tap selection, statistics and the save round trip.
import { describe, expect, it } from 'vitest';
import { Session, envIds, make, stockOf } from '../../src/index.js';

/** Plays the first legal move until the game ends or `limit` decisions, returning the turns. */
function playOut(session: Session, limit = 400) {
  const turns = [];
  for (let i = 0; i < limit && session.running; i++) turns.push(session.play(session.moves()[0]));
  return turns;
}

describe('Session', () => {
  it.each(Session.ids())('%s: deals, plays forced moves for the player, and saves and loads to the same game', (id) => {
    const session = new Session(id);
    session.newDeal({ seed: 3 });
    const turns = playOut(session, 30);
    for (const t of turns) {
      expect(t.events.length).toBe(1 + t.forced.length);
      expect(t.events[0].move).toEqual(t.move);
      if (t.outcome === null) expect(session.env.legalCount).not.toBe(1);
    }
    expect(session.yourMoves).toBe(turns.length);
    expect(session.yourMoves + session.forcedMoves).toBe(session.env.episodeSteps);
    const back = Session.load(JSON.parse(JSON.stringify(session.save())));
    expect(back.env.getState()).toEqual(session.env.getState());
    expect(back.settings).toEqual(session.settings);
    expect(back.stats).toEqual(session.stats);
  });

  it('has undo on by default where the game has one, and an undo takes back a decision with its forced moves', () => {
    const withUndo = envIds().filter((id) => make(id).game.undoLimit !== undefined);
    expect(withUndo.length).toBeGreaterThan(0);
    for (const id of withUndo) {
      const session = new Session(id);
      session.newDeal({ seed: 1 });
      expect(session.undosLeft, id).toBeGreaterThan(0);
      const start = session.env.getState();
      if (!session.running) continue;
      const turn = session.play(session.moves()[0]);
      if (turn.outcome !== null) continue;
      const left = session.undosLeft;
      const undone = session.undo();
      expect(undone.kind).toBe('undo');
      expect(session.undosLeft).toBe(left - 1);
      expect(session.env.getState().game).toEqual(start.game);
      expect(session.yourMoves).toBe(0);
    }
  });

  it('counts forced moves apart from the player’s: a game where forced moves are played for the player', () => {
    const id = envIds().find((i) => {
      const s = new Session(i);
      s.newDeal({ seed: 0 });
      playOut(s);
      return s.forcedMoves > 0;
    });
    expect(id).toBeDefined();
    const s = new Session(id as string);
    s.newDeal({ seed: 0 });
    const turns = playOut(s);
    expect(turns.reduce((n, t) => n + t.forced.length, 0)).toBe(s.forcedMoves);
  });

  it('fires a tap selection once it is a move no bigger move holds, and keeps it while one could', () => {
    for (const id of Session.ids()) {
      const s = new Session(id);
      s.newDeal({ seed: 2 });
      const move = s
        .moves()
        .find((m) => m.cards.length >= 2 && s.moves().every((o) => o.cards.length <= m.cards.length));
      if (move === undefined) continue;
      const before = s.yourMoves;
      let last = null;
      for (const c of move.cards) last = s.tap(c);
      expect(last?.turn?.move?.action, id).toBe(move.action);
      expect(s.yourMoves).toBe(before + 1);
      expect(s.selection).toEqual([]);
    }
  });

  it('keeps statistics: games, wins, streaks and the daily result, through a save', () => {
    const s = new Session('tens');
    s.newDeal({ daily: '2026-11-28' });
    playOut(s);
    expect(s.stats.games).toBe(1);
    expect(s.stats.daily['2026-11-28']).toEqual({ won: s.outcome()?.won, moves: s.yourMoves });
    s.newDeal({ winnable: true });
    playOut(s);
    expect(s.outcome()?.won).toBe(true);
    expect(s.stats).toMatchObject({ games: 2, streak: 1, bestStreak: 1 });
    expect(Session.load(s.save()).stats).toEqual(s.stats);
  });

  it('refuses a save that is not one, naming the field', () => {
    const s = new Session('tens');
    s.newDeal({ seed: 1 });
    const saved = s.save();
    expect(() => Session.load({ ...saved, settings: { ...saved.settings, difficulty: 'extreme' } })).toThrow(
      /difficulty/,
    );
    expect(() => Session.load({ ...saved, inputs: [9999] })).toThrow(/input 1 of 1/);
  });

  it('gives a game without decisions its difficulty by variant, and a stock counted one way', () => {
    const easy = new Session('tens', { difficulty: 'easy' });
    const hard = new Session('tens', { difficulty: 'hard' });
    expect(easy.env.options).not.toEqual(hard.env.options);
    for (const id of Session.ids()) {
      const s = new Session(id);
      s.newDeal({ seed: 0 });
      const stock = stockOf(s.env.board());
      expect(s.view().stock).toEqual(stock);
    }
  });
});
