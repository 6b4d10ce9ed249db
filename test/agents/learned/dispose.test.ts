// A trained model's agent frees its TensorFlow.js weights with dispose(), as a game that switches
// from one model to another needs: the tensor count back where it was before the load, every
// later call a TengymError that says the model was disposed, a second dispose harmless. One case
// per agent a model plays as (a search with learned values, afterstate values, a policy or Q
// head), through tengym/node's loadAgent and the page's loadModelFromUrl; and `evaluate`, which
// loads models to check them, frees them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '../../../src/agents/learned/tf.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/agents/agent.js';
import { DecadeSearchAgent } from '../../../src/games/decade/learned/learned-search.js';
import { AfterstateAgent } from '../../../src/agents/learned/afterstate-agent.js';
import { ModelAgent } from '../../../src/agents/learned/head-agent.js';
import { buildPolicyValueNet, buildQNet } from '../../../src/agents/learned/network.js';
import { loadModelFromUrl } from '../../../src/agents/learned/url-loader.js';
import type { Env } from '../../../src/env/env.js';
import { TengymError } from '../../../src/env/errors.js';
import { make } from '../../../src/env/registry.js';
import { evaluate } from '../../../src/eval/evaluate.js';
import { createHinter } from '../../../src/hints/hint.js';
import { loadAgent, shippedModelDir } from '../../../src/node/index.js';
import { saveModel } from '../../../src/node/load-model.js';
import { initBackend } from '../../../src/node/tf-backend.js';
import { modelMetadata } from '../../helpers/models.js';

let root = '';

beforeAll(async () => {
  await initBackend();
  root = mkdtempSync(join(tmpdir(), 'tengym-dispose-'));
  // Policy and Q heads: no shipped model plays with one, so a small network saved as `tengym train` saves it.
  const env = make('four-ten');
  const shape = {
    observationSize: env.observationSpace.shape[0],
    numActions: env.actionSpace.n,
    hidden: [16],
    seed: 3,
  };
  for (const [algorithm, net] of [
    ['ppo', buildPolicyValueNet(shape)],
    ['dqn', buildQNet(shape)],
  ] as const) {
    await saveModel(net, join(root, algorithm), modelMetadata('four-ten', algorithm));
    net.dispose();
  }
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** An env of `id` at a decision (more than one legal move). */
function atDecision(id: string): Env {
  const env = make(id);
  for (let seed = 1; !(env.running && env.legalCount > 1); seed++) {
    env.reset({ seed });
    while (env.running && env.legalCount === 1) env.step(env.legal[0]);
  }
  return env;
}

/** What a call of a disposed agent throws. */
function refusal(call: () => unknown): TengymError {
  let error: unknown = null;
  try {
    call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(TengymError);
  return error as TengymError;
}

/**
 * Loads a model with `load`, plays a move and ranks the moves with it, disposes it: the tensors
 * it held are freed, every call after is refused by name, a second dispose changes nothing.
 */
async function expectFreedByDispose(
  load: () => Promise<Agent & { dispose(): void }>,
  kind: abstract new (...args: never[]) => Agent,
  envId: string,
): Promise<void> {
  const before = tf.memory().numTensors;
  const agent = await load();
  expect(agent).toBeInstanceOf(kind);
  expect(tf.memory().numTensors).toBeGreaterThan(before);
  const env = atDecision(envId);
  expect(env.isLegal(agent.act(env))).toBe(true);
  expect(agent.score!(env).actions).toHaveLength(env.legalCount);
  const out = new Int32Array(1);
  agent.actBatch!([env], 1, out);
  expect(env.isLegal(out[0])).toBe(true);
  agent.dispose();
  expect(tf.memory().numTensors).toBe(before);
  const calls: [string, () => unknown][] = [
    ['act', () => agent.act(env)],
    ['score', () => agent.score!(env)],
    ['actBatch', () => agent.actBatch!([env], 1, out)],
  ];
  if (agent.observe) calls.push(['observe', () => agent.observe!(env)]);
  for (const [name, call] of calls) {
    const e = refusal(call);
    expect(e.code, name).toBe('disposed');
    expect(e.message, name).toBe(
      `model "${agent.name}" was disposed: dispose() freed its weights; load the model again to play with it`,
    );
  }
  expect(() => agent.dispose()).not.toThrow();
  expect(tf.memory().numTensors).toBe(before);
  expect(refusal(() => agent.act(env)).code).toBe('disposed');
}

describe('dispose() frees a trained model', () => {
  it('a search with learned values (DecadeSearchAgent): the shipped decade model', async () => {
    await expectFreedByDispose(() => loadAgent(shippedModelDir('decade')), DecadeSearchAgent, 'decade');
  });

  it(
    'a search that remembers the stock (DecadeSearchAgent, observe ' + 'too): the shipped ten-twenty-thirty model',
    async () => {
      await expectFreedByDispose(
        () => loadAgent(shippedModelDir('ten-twenty-thirty')),
        DecadeSearchAgent,
        'ten-twenty-thirty',
      );
    },
  );

  it('afterstate values with their next-turn search (AfterstateAgent): the shipped four-ten model', async () => {
    await expectFreedByDispose(() => loadAgent(shippedModelDir('four-ten')), AfterstateAgent, 'four-ten');
  });

  it.each(['ppo', 'dqn'])('a policy or Q head (ModelAgent): a %s model directory', async (algorithm) => {
    await expectFreedByDispose(() => loadAgent(join(root, algorithm)), ModelAgent, 'four-ten');
  });

  it("the page's loader (loadModelFromUrl): its agent frees the model as loadAgent's does", async () => {
    const dir = shippedModelDir('four-ten');
    const fetchFile = async (url: string) => {
      const bytes = readFileSync(join(dir, url.slice(url.lastIndexOf('/') + 1)));
      return {
        ok: true,
        status: 200,
        headers: { get: () => null },
        arrayBuffer: async () =>
          bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      };
    };
    await expectFreedByDispose(
      () => loadModelFromUrl('https://example.test/models/four-ten/model.json', 'models/four-ten/', fetchFile),
      AfterstateAgent,
      'four-ten',
    );
  });

  it('one model after another, each disposed before the next loads, holds no more tensors than none', async () => {
    const before = tf.memory().numTensors;
    for (const id of ['decade', 'decade-fives', 'decade', 'four-ten']) {
      const agent = await loadAgent(shippedModelDir(id));
      const env = atDecision(id);
      env.step(agent.act(env));
      agent.dispose();
      expect(tf.memory().numTensors, id).toBe(before);
    }
  });

  it("a hinter borrows its model: after the agent's dispose(), a hint says the model was disposed", async () => {
    const agent = await loadAgent(shippedModelDir('decade'));
    const hinter = createHinter({ model: agent });
    const env = atDecision('decade');
    expect(hinter.hint(env).hints).toHaveLength(env.legalCount);
    agent.dispose();
    const e = refusal(() => hinter.hint(env));
    expect(e.code).toBe('disposed');
    expect(e.message).toMatch(/^model "models\/decade\/ \(shipped\)" was disposed/);
  });

  it('an evaluation frees the models it loads to check, and a model refused for the env is freed', async () => {
    // The first evaluation may leave what the backend keeps once set up; later ones add nothing.
    await evaluate({ env: 'decade', agents: ['models/decade', 'longest'], episodes: 2, workers: 0 });
    const before = tf.memory().numTensors;
    for (const workers of [0, 1])
      await evaluate({ env: 'decade', agents: ['models/decade', 'longest'], episodes: 2, workers });
    await expect(
      evaluate({ env: 'decade-loop', agents: ['models/decade', 'longest'], episodes: 2, workers: 0 }),
    ).rejects.toThrow(/was trained for decade/);
    expect(tf.memory().numTensors).toBe(before);
  });
});
