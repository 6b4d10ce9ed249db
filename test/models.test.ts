// The shipped models: each loads as the agent of its env, plays legal moves, and its
// recorded held-out evaluation beats the reference; `tengym start` evaluates them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveAgent } from '../src/agents/node/resolve.js';
import { initBackend } from '../src/agents/node/backend.js';
import { loadModel } from '../src/agents/node/load-model.js';
import { shippedModelDir } from '../src/agents/node/resolve.js';
import { shippedModelEnvs, startAgents } from '../src/cli/commands/start.js';
import { make } from '../src/env/registry.js';

const BIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const SHIPPED = shippedModelEnvs();

beforeAll(async () => {
  await initBackend({ quiet: true });
});

describe('shipped models', () => {
  it('the decade family has its models', () => {
    expect(SHIPPED).toEqual(expect.arrayContaining(['decade', 'decade-optional', 'decade-fives', 'decade-loop']));
  });

  it.each(SHIPPED)('%s: metadata names the env, the command and an evaluation that beats the reference', async (id) => {
    const { model, metadata } = await loadModel(shippedModelDir(id));
    model.dispose();
    expect(metadata.env).toBe(id);
    expect(metadata.options).toEqual(make(id).options);
    expect(metadata.command).toMatch(new RegExp(`^tengym train --env ${id} --algo \\w+ .*--out runs/${id}$`));
    const evaluation = metadata.evaluation as { winRate: number; vsReference: { ci95: [number, number] } };
    expect(evaluation.vsReference.ci95[0]).toBeGreaterThan(0);
  });

  it.each(SHIPPED)('%s: the shipped agent plays legal moves to the end', async (id) => {
    const agent = await resolveAgent('model', id, {});
    const env = make(id);
    for (let seed = 0; seed < 5; seed++) {
      env.reset({ seed });
      while (env.running) {
        const action = agent.act(env);
        expect(env.mask[action]).toBe(1);
        env.step(action);
      }
    }
  });

  it('tengym start evaluates a shipped model against the baselines of its env', () => {
    expect(startAgents('decade')).toEqual({ agents: ['model', 'random', 'longest', 'lookahead'], reference: 'longest' });
    const r = spawnSync(process.execPath, [BIN, 'start', '--env', 'decade', '--episodes', '40'], { encoding: 'utf8', env: { ...process.env, TENGYM_QUIET: '1' } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/40 deals per env from seed 123/);
    for (const agent of ['model', 'random', 'longest', 'lookahead']) expect(r.stdout).toMatch(new RegExp(`^${agent}\\s+\\d+\\.\\d\\d%`, 'm'));
    expect(r.stdout).toMatch(/^longest .*\(reference\)/m);
  });
});
