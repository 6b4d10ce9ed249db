// Four Ten's hints with a time budget (createHinter({ budgetMs })): while the source's tables build, greedy ranks
// (the quick agent), then the source without its sentences' figures, then the source as a hinter without a budget
// answers; `prepare` builds the same tables a slice at a time; and tables built in slices equal tables built in one
// go. The tables are built once per process, so the first test here sees none built.
// @isolated: a worker's earlier file (the solver's tests) may have built the default rules' tables.
import { describe, expect, it } from 'vitest';
import { make } from '../../../../src/env/registry.js';
import { TengymError } from '../../../../src/env/errors.js';
import { createHinter, type HintResult } from '../../../../src/hints/hint.js';
import { Staged } from '../../../../src/agents/staged.js';
import { NOTHING, NUM_CONFIGS, configCards } from '../../../../src/games/four-ten/hands.js';
import {
  Prospects,
  cappedPoints,
  prospects,
  prospectsStaged,
} from '../../../../src/games/four-ten/agents/prospects.js';
import { gameRulesOf, lambdaRound, lambdaRoundStaged } from '../../../../src/games/four-ten/solver/optimal-agent.js';
import { roundPayoffs, solveRound } from '../../../../src/games/four-ten/solver/round-solver.js';

const actions = (r: HintResult) => r.hints.map((h) => h.action);
/** The rules of the second test, whose tables it builds in slices; the last test builds them again in one go. */
const SECOND_TEST_OPTIONS = { check: 'faults-first', handTarget: 9 } as const;

describe('Four Ten hints with a time budget', () => {
  it('answer at once from greedy, then from bottom-direct without figures, then as without a budget', () => {
    const env = make('four-ten');
    env.reset({ seed: 5 });
    const hinter = createHinter({ budgetMs: 1 });
    const phases: string[] = [];
    let last: HintResult | null = null;
    for (let calls = 0; calls < 100_000; calls++) {
      const r = hinter.hint(env);
      const phase = !r.interim ? 'full' : r.source.startsWith('greedy ') ? 'quick' : 'no figures';
      if (phases.at(-1) !== phase) phases.push(phase);
      if (phase === 'quick') {
        expect(r.source).toMatch(/^greedy \(while bottom-direct \(.*\) builds its tables\)$/);
        const greedy = createHinter({ agent: 'greedy', details: false }).hint(env);
        expect(actions(r)).toEqual(actions(greedy));
        expect(r.hints.map((h) => h.text)).toEqual(greedy.hints.map((h) => h.text));
      }
      if (phase === 'no figures') {
        expect(r.source).toMatch(/^bottom-direct /);
        expect(r.hints.map((h) => h.text)).toEqual(r.hints.map((h) => env.describeAction(h.action)));
      }
      last = r;
      if (phase === 'full') break;
    }
    expect(phases).toEqual(['quick', 'no figures', 'full']);
    // The full answer is a hinter's without a budget: the ranking and every sentence's figures.
    expect(last).toEqual(createHinter().hint(env));
    expect(last!.hints[0].text).toMatch(/points expected this round/);
  });

  it('prepare builds in slices what a hint of another state still needs, and then the hint answers in full', () => {
    // Another rule set: tables not built yet (a hand target of 9: small tables, solved in a third of 10's time).
    const env = make('four-ten', SECOND_TEST_OPTIONS);
    env.reset({ seed: 8 });
    const hinter = createHinter({ budgetMs: 1 });
    expect(hinter.hint(env).interim).toBe(true);
    let slices = 1;
    while (!hinter.prepare(env, 1)) slices++;
    expect(slices).toBeGreaterThan(10);
    expect(hinter.prepare(env)).toBe(true);
    const full = hinter.hint(env);
    expect(full.interim).toBeUndefined();
    expect(full).toEqual(createHinter().hint(env));
  });

  it('a hint without a budget finishes tables a budget left half built', () => {
    // Rules no other test builds, with small tables as above.
    const env = make('four-ten', { handTarget: 9 });
    env.reset({ seed: 2 });
    const budgeted = createHinter({ budgetMs: 1 });
    expect(budgeted.prepare(env, 1)).toBe(false);
    const full = createHinter().hint(env);
    expect(full.interim).toBeUndefined();
    expect(full.hints[0].text).toMatch(/points expected this round/);
    expect(budgeted.prepare(env, 1)).toBe(true);
    expect(budgeted.hint(env)).toEqual(full);
  });

  it("optimal's round (rules whose game values ship) builds in slices too, and its solve serves the sentences", () => {
    const env = make('four-ten', { maxRounds: 60 });
    env.reset({ seed: 4 });
    const hinter = createHinter({ budgetMs: 1 });
    const phases: string[] = [];
    let calls = 0;
    let r: HintResult;
    do {
      r = hinter.hint(env);
      calls++;
      const phase = !r.interim ? 'full' : r.source.startsWith('greedy ') ? 'quick' : 'no figures';
      if (phases.at(-1) !== phase) phases.push(phase);
      if (phase === 'quick') expect(r.source).toBe('greedy (while optimal (exact solver) builds its tables)');
    } while (r.interim && calls < 100_000);
    // One solve, with the round's figures, ranks and gives the sentences: no phase ranks without them.
    expect(phases).toEqual(['quick', 'full']);
    expect(calls).toBeGreaterThan(10);
    expect(r).toEqual(createHinter().hint(env));
    expect(r.hints[0].text).toMatch(/points expected this round/);
  });

  it('tables built in slices are the tables built in one go', () => {
    // The second test's rules: built there a millisecond's slice at a time, and a third of the default rules' cost
    // to build again in one go (the first test's default rules took 10 s of processor time here).
    const rules = gameRulesOf(SECOND_TEST_OPTIONS);
    const values = cappedPoints(Infinity, rules.handTarget);
    expect(lambdaRoundStaged(rules, 40).done, 'the round built in slices by the second test').toBe(true);
    expect(prospectsStaged(rules, values).done, 'the prospects built in slices by the second test').toBe(true);
    const sliced = lambdaRound(rules, 40);
    const whole = solveRound(rules, roundPayoffs(rules.handTarget, 40), { stats: true });
    for (const table of ['full', 'nonFull', 'fullPoints', 'fullFault', 'nonFullScore'] as const)
      expect(sliced[table]).toEqual(whole[table]);
    const slicedProspects = prospects(rules, values);
    const wholeProspects = new Staged(Prospects.build(rules, values)).get();
    expect(wholeProspects).not.toBe(slicedProspects);
    let compared = 0;
    // The values that differ, gathered: one expect for tens of thousands of lookups.
    const differing: string[] = [];
    for (let c = 0; c < NUM_CONFIGS; c++) {
      if (slicedProspects.graph.verdict[c] !== NOTHING) continue;
      const cards = configCards(c);
      for (let drawn = cards; drawn <= (cards === 12 ? 31 : cards); drawn++) {
        const [a, b] = [slicedProspects.turnStart(c, drawn), wholeProspects.turnStart(c, drawn)];
        if (!Object.is(a, b)) differing.push(`config ${c}, ${drawn} drawn: ${a} sliced, ${b} whole`);
        compared++;
      }
    }
    expect(differing.slice(0, 10)).toEqual([]);
    // Every turn start that neither scores nor faults: 34,796 for these rules.
    expect(compared).toBeGreaterThan(30_000);
  });

  it('prepare refuses a budget that is not a number above 0', () => {
    const env = make('four-ten');
    env.reset({ seed: 1 });
    const hinter = createHinter();
    for (const [budget, message] of [
      [0, /^prepare: budgetMs must be a number above 0 or Infinity \(build until done\), got 0$/],
      [-1, /got -1$/],
      [Number.NaN, /got NaN$/],
      ['8', /got "8"$/],
      [{ budgetMs: 8 }, /got \{"budgetMs":8\}$/],
    ] as const) {
      expect(() => hinter.prepare(env, budget as never)).toThrow(TengymError);
      expect(() => hinter.prepare(env, budget as never)).toThrow(message);
    }
  });
});
