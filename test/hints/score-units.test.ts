// What a hint's score says it is, beside its sentence: the decade oracle's in cards left at the
// end, Four Ten expectimax's in the round's points net of fault cost by its own play, apart from
// the sentence's points (the solver's play of the rest of the round). The API, and `tengym hint`
// run in the test's process.
// @slow: Four Ten's exact solver and the CLI, for every unit a score can have.
import { describe, expect, it } from 'vitest';
import { VALUE_UNITS } from '../../src/agents/agent.js';
import { OracleAgent } from '../../src/games/decade/agents/oracle.js';
import { ExpectimaxAgent } from '../../src/games/four-ten/agents/expectimax.js';
import { fourTenActionDetails } from '../../src/games/four-ten/solver/optimal-agent.js';
import { hintLines } from '../../src/cli/commands/hint.js';
import type { Env } from '../../src/env/env.js';
import type { FourTenJSON } from '../../src/games/four-ten/engine.js';
import { make } from '../../src/env/registry.js';
import { createHinter, formatScore, type Hint } from '../../src/hints/hint.js';
import { randomPosition } from '../helpers/decade.js';
import { fourTenPositions } from '../helpers/four-ten.js';
import { tengymHereWith } from '../helpers/cli.js';

/** `tengym ...args` run in this process, `input` its stdin. */
function tengym(args: string[], input?: string) {
  return tengymHereWith({ input }, ...args);
}

/** The decade deal of seed 3 at its first decision (forced moves played). */
function decadeDecision(): Env {
  const env = make('decade');
  env.reset({ seed: 3 });
  while (env.legalCount === 1) env.step(env.legal[0]);
  return env;
}

/** The sentence's "(N points expected this round, …)" figure, or null where it gives none. */
function sentencePoints(text: string): number | null {
  const m = /\((\d+\.\d) points expected this round, the rest played by the solver\)$/.exec(text);
  return m ? Number(m[1]) : null;
}

describe('the oracle: scores in cards left at the end', () => {
  it("hints carry the unit and say it; their order is the oracle's, on positions of several ids", () => {
    const hinter = createHinter({ agent: 'oracle' });
    const positions = [
      decadeDecision(),
      randomPosition('decade', 64, 60),
      randomPosition('decade-loop', 80, 25),
      randomPosition('decade-stacks', 29, 10),
      randomPosition('ten-twenty-thirty', 1007, 40),
    ];
    for (const env of positions) {
      const { hints } = hinter.hint(env);
      const ranked = new OracleAgent().score(env);
      expect(hints.map((h) => h.action)).toEqual(ranked.actions.map((a) => a.action));
      for (const h of hints) {
        expect(h).toMatchObject({ scoreKind: 'value', unit: 'minus-cards-left' });
        expect(Number.isInteger(h.score) && h.score <= 0).toBe(true);
        expect(formatScore(h)).toBe(`${-h.score} ${h.score === -1 ? 'card' : 'cards'} left at the end`);
      }
    }
  });

  it('the deal of seed 3: 10 cards left at the end whichever move, as the game played to its end leaves', () => {
    const env = decadeDecision();
    const { hints } = createHinter({ agent: 'oracle' }).hint(env);
    expect(hints.map((h) => [h.score, formatScore(h)])).toEqual([
      [-10, '10 cards left at the end'],
      [-10, '10 cards left at the end'],
    ]);
    const oracle = new OracleAgent();
    while (env.running) env.step(oracle.act(env));
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 10 });
  });

  it('formatScore: a win is 0 cards, one card is "1 card", an expected count keeps two decimals', () => {
    const hint = (score: number): Hint => ({
      rank: 1,
      action: 0,
      score,
      scoreKind: 'value',
      unit: 'minus-cards-left',
      text: '',
      cards: [],
    });
    expect(formatScore(hint(0))).toBe('0 cards left at the end');
    expect(formatScore(hint(-1))).toBe('1 card left at the end');
    expect(formatScore(hint(-2.345))).toBe('2.35 cards left at the end');
  });
});

describe('Four Ten expectimax: its score and its sentence say which figure each is', () => {
  // Positions of a first round (points 0, three safeties: a fault costs 10, and no cap binds).
  const firstRound = (count: number, seed: number) =>
    fourTenPositions(count, seed).filter((e) => {
      const g = e.getState().game as FourTenJSON;
      return e.legalCount > 1 && g.points === 0 && g.safeties === 3;
    });

  it(
    "the score is named as the round's points net of fault cost by the source's own play; the sentence's points " +
      "as the solver's",
    () => {
      const hinter = createHinter({ agent: 'expectimax' });
      let withFigures = 0;
      for (const env of firstRound(120, 31)) {
        const result = hinter.hint(env);
        const scores = new Map(new ExpectimaxAgent(env.options).score(env).actions.map((a) => [a.action, a.score]));
        const solver = new Map(fourTenActionDetails(env, { lambda: 40 }).actions.map((d) => [d.action, d]));
        const lines = hintLines(result);
        result.hints.forEach((h, i) => {
          expect(h).toMatchObject({ score: scores.get(h.action), scoreKind: 'value', unit: 'points-less-fault-cost' });
          // The line as printed: the score's figure with what it is, after the sentence.
          expect(lines[i + 1].trimStart()).toBe(
            `${h.rank}. ${h.text} · action ${h.action} · ${h.score.toFixed(2)} points net of fault cost, by the ` +
              `source's own play${h.tied ? ' · tied' : ''}`,
          );
          const points = sentencePoints(h.text);
          if (points === null) return;
          withFigures++;
          // The sentence's figure is the solver's play of the rest of the round, not the score.
          expect(points).toBe(Number(solver.get(h.action)!.points.toFixed(1)));
        });
      }
      expect(withFigures).toBeGreaterThan(20);
    },
  );

  it(
    "the score is what its unit says: where its search is exact (two cards or fewer in the stock), the round's " +
      'points less 10 a fault, as the exact solver values them',
    () => {
      const late = fourTenPositions(3000, 21).filter((e) => {
        const g = e.getState().game as FourTenJSON;
        return g.stock.length <= 2 && g.points <= 20 && g.safeties > 0;
      });
      expect(late.length).toBeGreaterThan(10);
      let compared = 0;
      for (const env of late) {
        const exact = new Map(fourTenActionDetails(env, { lambda: 10 }).actions.map((d) => [d.action, d]));
        for (const { action, score } of new ExpectimaxAgent(env.options).score(env).actions) {
          const d = exact.get(action)!;
          expect(score, env.describeAction(action)).toBeCloseTo(d.points - 10 * d.fault, 6);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(50);
    },
  );
});

describe('tengym hint', () => {
  it('--help lists every unit a value score can have', async () => {
    const help = (await tengym(['hint', '--help'])).stdout.replace(/\s+/g, ' ');
    for (const unit of VALUE_UNITS) expect(help).toContain(unit);
  });

  it('--agent oracle: each move ends with the cards it leaves; --json carries the unit', async () => {
    const state = JSON.stringify(decadeDecision().getState());
    const text = await tengym(['hint', '--env', 'decade', '-', '--agent', 'oracle'], state);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Hints from oracle \(NOT fair: it sees the stock\) · 2 legal moves$/m);
    // Both leave 10 cards: tied, they share the first place.
    expect(text.stdout.match(/^ {2}1\. discard .* · action \d+ · 10 cards left at the end · tied$/gm)).toHaveLength(2);
    const json = await tengym(['hint', '--env', 'decade', '-', '--agent', 'oracle', '--json'], state);
    expect(json.code, json.stderr).toBe(0);
    for (const h of JSON.parse(json.stdout).hints)
      expect(h).toMatchObject({ score: -10, scoreKind: 'value', unit: 'minus-cards-left' });
  });

  it("--agent expectimax on Four Ten: the sentence names the solver's points, the score its own figure", async () => {
    const env = make('four-ten');
    env.reset({ seed: 3 });
    const r = await tengym(
      ['hint', '--env', 'four-ten', '-', '--agent', 'expectimax', '--top', '1'],
      JSON.stringify(env.getState()),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^ {2}1\. place 1 into Home: .*0\.8% risk of a fault \(14\.8 points expected this round, the ` +
          String.raw`rest played by the solver\) · action 1 · 16\.14 points net of fault cost, by the source's own ` +
          'play$',
        'm',
      ),
    );
  });
});

describe("Four Ten's hint sentences tell each move apart", () => {
  it('an exchange that keeps the prospects of ending the turn says so, not the end turn sentence', () => {
    const hinter = createHinter();
    let exchanges = 0;
    for (let seed = 0; seed < 3; seed++) {
      const env = make('four-ten');
      env.reset({ seed });
      for (let i = 0; i < 60 && env.running; i++) {
        const { hints } = hinter.hint(env);
        const tail = (text: string) => text.slice(text.indexOf(': ') + 2);
        const ending = hints.find((h) => env.moveKind(h.action) === 'end-turn');
        const same = hints.filter(
          (h) => ending && h !== ending && env.moveKind(h.action) === 'exchange' && tail(h.text) === tail(ending.text),
        );
        expect(
          same.map((h) => h.text),
          `seed ${seed}`,
        ).toEqual([]);
        exchanges += hints.filter((h) => h.text.includes('the same prospects as ending the turn now')).length;
        env.step(hints[0].action);
      }
    }
    expect(exchanges).toBeGreaterThan(0);
  });
});
