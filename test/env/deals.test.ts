// Deals for apps: winnable deals (decided by playing where the order of moves changes nothing, by the exact solver
// elsewhere), the daily deal of a date, and what each costs (printed).
// @slow: the exact solver checks hundreds of winnable deals.
import { describe, expect, it } from 'vitest';
import { kitOf } from '../../src/agents/modules.js';
import { allChecks } from '../helpers/game-checks.js';
import {
  createAgent,
  dailySeed,
  dealDifficulty,
  difficultyThirdsOf,
  envIds,
  isWinnable,
  leavesAChoice,
  make,
  pickDeal,
  winnableBy,
} from '../../src/index.js';
import { fullScale, perId, scaled } from '../helpers/scale.js';

/** The fewer deals a game's checks.ts gives for an id whose 1,000 winnable deals take minutes (winnableDeals). */
const FEWER: Record<string, number> = Object.assign({}, ...allChecks().map((c) => c.winnableDeals ?? {}));

/**
 * Deals sampled per id: TENGYM_DEALS, or 1,000 (the figure docs/apps.md gives) at TENGYM_TEST_SCALE=1, or fewer where
 * a game's checks.ts says so; the default scale plays a quarter, less for each id once the registry outgrows the size
 * the sweep was set for (scale.ts: perId). An id with fewer plays one below full scale: its deals take a second or
 * more each, with the unwinnable seeds its solver rules out on the way, and each deal checks what the first does.
 * `TENGYM_DEALS=1000 npx vitest run test/env/deals.test.ts -t "ID: winnable"` runs such an id in full.
 */
const DEALS = (id: string) => {
  if (process.env.TENGYM_DEALS) return Number(process.env.TENGYM_DEALS);
  const fewer = FEWER[id];
  if (fewer === undefined) return perId(1000, envIds().length, 10);
  return fullScale ? fewer : Math.min(1, fewer);
};

describe('winnable deals', () => {
  const ids = envIds().filter((id) => winnableBy(make(id)) !== null);

  it('Tens and Block Ten are decided by playing, the decade family by its solver; Four Ten cannot tell', () => {
    expect(winnableBy(make('tens'))).toBe('any-order');
    expect(winnableBy(make('block-ten'))).toBe('any-order');
    expect(winnableBy(make('decade'))).toBe('solver');
    expect(winnableBy(make('four-ten'))).toBeNull();
    expect(() => pickDeal(make('four-ten'), { winnable: true })).toThrow(/no deal is known to be winnable/);
  });

  it('decade-max3: its rare winnable deals are found by default, the fast test ruling out the rest', () => {
    const env = make('decade-max3');
    expect(() => pickDeal(env, { seed: 0, winnable: true, tries: 100 })).toThrow(/no winnable deal among 100 seeds/);
    // 5 of the first 30,000 seeds can be won (docs/apps.md): 3917 is the first.
    const deal = pickDeal(env, { seed: 0, winnable: true });
    expect(deal).toEqual({ seed: 3917, winnable: true, difficulty: null, tries: 3918 });
    // The fast test passes exactly those 5 of the first 30,000 (of the seeds the scale samples: the first two at
    // least).
    const seeds = Math.max(scaled(30_000), 6000);
    const passed: number[] = [];
    for (let seed = 0; seed < seeds; seed++) {
      env.reset({ seed });
      if (!kitOf(env.game).cannotWin!(env)) passed.push(seed);
    }
    expect(passed).toEqual([3917, 5547, 10700, 21150, 27584].filter((s) => s < seeds));
  });

  it.each([
    ['decade', 2000],
    ['decade-fives', 500],
    ['decade-max3', 500],
  ])('%s: the fast test says lost only of deals the solver loses, and passes every deal it wins', (id, all) => {
    const seeds = scaled(all);
    const env = make(id);
    const solver = createAgent('oracle', id);
    let lost = 0;
    let won = 0;
    for (let seed = 0; seed < seeds; seed++) {
      env.reset({ seed });
      const ruledOut = kitOf(env.game).cannotWin!(env);
      solver.reset(0);
      while (env.running) env.step(solver.act(env));
      if (ruledOut) lost++;
      if (env.outcome().won) won++;
      expect(ruledOut && env.outcome().won, `${id} seed ${seed}`).toBe(false);
    }
    // Exact on these deals: every deal the solver loses is ruled out (decade-max3's 500 are all lost).
    expect(lost + won).toBe(seeds);
    console.log(`${id}: the fast test ruled out ${lost} of ${seeds} deals, the solver won ${won}`);
  });

  it('the fast test is kept to one straight line with forced discards, where the line is a stack', () => {
    for (const options of [
      { loop: true },
      { discard: 'optional' },
      { stacks: 7 },
      { pickedUp: 'deck-bottom' },
    ] as const) {
      const env = make('decade', options);
      for (let seed = 0; seed < 200; seed++) {
        env.reset({ seed });
        expect(kitOf(env.game).cannotWin!(env), JSON.stringify(options)).toBe(false);
      }
    }
  });

  it.each(ids)(
    '%s: winnable: true deals in a row, each won by the exact solver (or by any order of moves)',
    (id) => {
      const deals = DEALS(id);
      const env = make(id);
      const check = make(id);
      const solver = winnableBy(env) === 'solver' ? createAgent(kitOf(env.game).solver ?? 'oracle', id) : null;
      let seed = 0;
      let tried = 0;
      const started = performance.now();
      for (let n = 0; n < deals; n++) {
        const deal = pickDeal(env, { seed, winnable: true });
        tried += deal.tries;
        seed = deal.seed + 1;
        check.reset({ seed: deal.seed });
        solver?.reset(0);
        while (check.running) check.step(solver === null ? check.legal[0] : solver.act(check));
        expect(check.outcome().won, `${id} seed ${deal.seed}`).toBe(true);
      }
      const ms = performance.now() - started;
      const percent = (100 * deals) / tried;
      console.log(
        `${id}: ${deals} winnable deals from ${tried} tried ` +
          `(${percent < 1 ? percent.toPrecision(2) : percent.toFixed(1)}% winnable), ` +
          `${(ms / deals).toFixed(2)} ms a winnable deal with its check`,
      );
    },
    process.env.TENGYM_DEALS ? 3 * 3600_000 : 600_000,
  );
});

describe('a playable deal', () => {
  it('leaves the player a move to choose: decade 154 and 155 are won by forced moves alone, 156 is not', () => {
    const env = make('decade');
    const choices = [154, 155, 156, 157, 158].map((seed) => {
      env.reset({ seed });
      const state = JSON.stringify(env.getState());
      const leaves = leavesAChoice(env);
      expect(JSON.stringify(env.getState()), 'env left as it was').toBe(state);
      // Played out here without the library: forced moves until a choice or the end.
      while (env.running && env.legalCount === 1) env.step(env.legal[0]);
      expect(leaves, `seed ${seed}`).toBe(env.running);
      return leaves;
    });
    expect(choices.slice(0, 2)).toEqual([false, false]);
    // pickDeal skips the deals that leave no choice, winnable or not, and says so when none is found.
    expect(pickDeal(env, { seed: 154, playable: true }).seed).toBe(154 + choices.indexOf(true));
    const winnable = pickDeal(make('decade'), { seed: 154, winnable: true, playable: true });
    expect(winnable.seed).toBe(firstSeed(154, (e) => isWinnable(e) === true && leavesAChoice(e)));
    expect(winnable.winnable).toBe(true);
    expect(() => pickDeal(env, { seed: 154, playable: true, tries: 2 })).toThrow(/no playable deal among 2 seeds/);
    expect(() => leavesAChoice(make('decade'))).toThrow(/call reset\(\) first/);
  });
});

/** The first decade seed from `from` on whose deal `holds`. */
function firstSeed(from: number, holds: (env: ReturnType<typeof make>) => boolean): number {
  const env = make('decade');
  for (let seed = from; ; seed++) {
    env.reset({ seed });
    if (holds(env)) return seed;
  }
}

describe('the daily deal', () => {
  it('is a date and an id hashed, the same for a Date of that UTC day and its "YYYY-MM-DD"', () => {
    expect(dailySeed('2026-11-27', 'tens')).toBe(dailySeed(new Date('2026-11-27T23:59:00Z'), 'tens'));
    expect(dailySeed('2026-11-27', 'tens')).not.toBe(dailySeed('2026-11-28', 'tens'));
    expect(dailySeed('2026-11-27', 'tens')).not.toBe(dailySeed('2026-11-27', 'decade'));
    // Fixed: the same in Node, browsers and Hermes (FNV-1a with Math.imul), and the same next release.
    expect(dailySeed('2026-11-27', 'tens')).toBe(3226108824);
    expect(() => dailySeed('27/11/2026')).toThrow(/YYYY-MM-DD/);
  });

  it('the daily winnable deal of Tens is a seed from the day on', () => {
    const env = make('tens');
    const deal = pickDeal(env, { date: '2026-11-27', winnable: true });
    expect(deal).toEqual({ seed: 3226108868, winnable: true, difficulty: null, tries: 45 });
    env.reset({ seed: deal.seed });
    expect(isWinnable(env)).toBe(true);
  });
});

describe("a deal's difficulty", () => {
  it('is null where the deal cannot be won or the game cannot tell; a game without decisions has no traps', () => {
    const tens = make('tens');
    const won = pickDeal(tens, { winnable: true }).seed;
    tens.reset({ seed: won });
    expect(dealDifficulty(tens)).toEqual({ traps: 0, decisions: 0, level: null });
    tens.reset({ seed: won === 0 ? 1 : 0 });
    expect(dealDifficulty(tens)).toBeNull();
    const fourTen = make('four-ten');
    fourTen.reset({ seed: 1 });
    expect(dealDifficulty(fourTen)).toBeNull();
    expect(() => dealDifficulty(make('decade'))).toThrow(/call reset\(\) first/);
  });

  it("decade: the traps are decisions on the solver's line where a move loses the deal; env left as it was", () => {
    const env = make('decade');
    const solver = createAgent('oracle', 'decade');
    let measured = 0;
    for (let seed = 0; measured < 12; seed++) {
      env.reset({ seed });
      const before = JSON.stringify(env.toJSON());
      const difficulty = dealDifficulty(env);
      expect(JSON.stringify(env.toJSON())).toBe(before);
      expect(difficulty !== null, `seed ${seed}`).toBe(isWinnable(env));
      if (difficulty === null) continue;
      measured++;
      // Walked again here: at each decision of the solver's line, whether a move then played out by the solver loses.
      const line = env.clone();
      solver.reset(0);
      let [traps, decisions] = [0, 0];
      while (line.running) {
        const legal = line.legalActions();
        if (legal.length > 1) {
          decisions++;
          const lost = legal.filter((action) => {
            const next = line.clone();
            next.step(action);
            solver.reset(0);
            while (next.running) next.step(solver.act(next));
            return !next.outcome().won;
          });
          if (lost.length > 0) traps++;
        }
        solver.reset(0);
        line.step(solver.act(line));
      }
      expect(difficulty, `seed ${seed}`).toMatchObject({ traps, decisions });
      expect(dealDifficulty(env)).toEqual(difficulty);
    }
  }, 120_000);

  it.each(['decade', 'decade-loop'])(
    '%s: the measured thirds split fresh winnable deals into levels of a tenth to three fifths each',
    (id) => {
      const env = make(id);
      const thirds = kitOf(env.game).difficultyThirds?.[id];
      expect(thirds).toBeDefined();
      const count = { easy: 0, medium: 0, hard: 0 };
      // A deal's level takes a solve at each decision of its line: below full scale 60 deals, whose bounds (6 to 36 a
      // level) still fail thirds measured wrong.
      const deals = scaled(150, 60);
      // Seeds far from the measured ones (from 1): deals the thirds were not taken from.
      for (let seed = 5_000_000, n = 0; n < deals; seed++) {
        env.reset({ seed });
        const level = dealDifficulty(env)?.level;
        if (level === undefined) continue;
        expect(level).not.toBeNull();
        count[level as keyof typeof count]++;
        n++;
      }
      console.log(`${id}: ${deals} winnable deals from seed 5,000,000: ${JSON.stringify(count)}`);
      for (const level of ['easy', 'medium', 'hard'] as const) {
        expect(count[level], level).toBeGreaterThanOrEqual(deals / 10);
        expect(count[level], level).toBeLessThanOrEqual((3 * deals) / 5);
      }
    },
    120_000,
  );

  it('pickDeal gives the first winnable deal of the asked level, and refuses a level where none is measured', () => {
    const env = make('decade');
    const deal = pickDeal(env, { seed: 100, level: 'hard' });
    expect(deal.winnable).toBe(true);
    expect(deal.difficulty?.level).toBe('hard');
    for (let seed = 100; seed < deal.seed; seed++) {
      env.reset({ seed });
      expect(dealDifficulty(env)?.level ?? null, `seed ${seed}`).not.toBe('hard');
    }
    expect(() => pickDeal(make('tens'), { level: 'easy' })).toThrow(/no measured difficulty thirds/);
    expect(() => pickDeal(make('four-ten'), { level: 'easy' })).toThrow(/no deal is known to be winnable/);
  });

  it("difficultyThirdsOf gives the kit's thirds of a registered id's options, whichever id they were made from", () => {
    const thirds = kitOf(make('decade').game).difficultyThirds!;
    expect(difficultyThirdsOf(make('decade'))).toEqual(thirds.decade);
    expect(difficultyThirdsOf(make('decade', { fives: true }))).toEqual(thirds['decade-fives']);
    expect(difficultyThirdsOf(make('decade-fives', { fives: false }))).toEqual(thirds.decade);
    expect(thirds.decade).not.toEqual(thirds['decade-fives']);
    // Options no registered id has, a game that cannot tell, one whose order of moves changes nothing: none.
    expect(difficultyThirdsOf(make('decade', { fives: true, win: 'one-left' }))).toBeNull();
    expect(difficultyThirdsOf(make('four-ten'))).toBeNull();
    expect(difficultyThirdsOf(make('tens'))).toBeNull();
    // pickDeal takes a level where there are thirds, under whichever id.
    expect(pickDeal(make('decade', { fives: true }), { level: 'easy' }).difficulty?.level).toBe('easy');
  });
});
