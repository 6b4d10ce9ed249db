// The win rates `tengym agents` shows (a game kit's ladders) are what `tengym eval` measures: the deals of the
// cheap agents (random, first, the simple heuristic) are played again here and must be won as often as recorded.
import { describe, expect, it } from 'vitest';
import { agentLadder, simpleBaseline } from '../../src/agents/index.js';
import { evaluate } from '../../src/eval/evaluate.js';
import { envConfig, envIds } from '../../src/env/registry.js';
import '../../src/index.js';

const ladders = envIds().flatMap((id) => {
  const ladder = agentLadder(envConfig(id));
  return ladder === null ? [] : [{ id, ladder }];
});

describe("the agents' measured win rates", () => {
  it('are recorded for Pyramid at least, each with the commands that measured them', () => {
    expect(ladders.map((l) => l.id)).toContain('pyramid');
    for (const { id, ladder } of ladders) {
      for (const command of ladder.commands)
        expect(command).toMatch(
          new RegExp(`^tengym eval --env ${id} --agents \\S+ --episodes ${ladder.deals} --seed ${ladder.seed}\\b`),
        );
      // Every recorded agent is in a command.
      for (const name of Object.keys(ladder.wins))
        expect(ladder.commands.some((c) => c.split(' --agents ')[1].split(' ')[0].split(',').includes(name))).toBe(
          true,
        );
    }
  });

  it.each(ladders)('$id: random, first and the simple heuristic win the deals recorded', async ({ id, ladder }) => {
    const env = envConfig(id);
    const cheap = ['random', 'first', simpleBaseline(env)].filter((a) => ladder.wins[a] !== undefined);
    expect(cheap.length).toBeGreaterThan(0);
    const report = await evaluate({ env: id, agents: cheap, episodes: ladder.deals, seed: ladder.seed, workers: 0 });
    for (const r of report.results) expect(Math.round(r.winRate * ladder.deals), r.agent).toBe(ladder.wins[r.agent]);
  });

  it('are shown only for the options they were measured with', () => {
    expect(agentLadder(envConfig('pyramid'))).not.toBeNull();
    expect(agentLadder(envConfig('pyramid', { passes: 1 }))).toBeNull();
  });
});
