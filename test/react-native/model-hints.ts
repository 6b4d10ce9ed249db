// What the Hermes test runs on both engines for trained models: tengym/models on TensorFlow.js's
// plain-JavaScript backend (Hermes has no WebAssembly), a shipped model loaded by URL through
// the app's own fetch, a whole game played by its hints, and its errors, each written as a line.
// TensorFlow.js registers no platform on Hermes; tengym's (tf-platform.ts) must stand in, or the
// first tensor fails.
import type * as Tengym from '../../src/index.js';
import type * as TengymModels from '../../src/models.js';

export interface ModelFiles {
  /** The model's folder name under models/. */
  id: string;
  /** model.json and weights.bin as hex (no base64 decoder is certain on every engine). */
  modelJson: string;
  weights: string;
  weightCount: number;
}

function fromHex(hex: string): ArrayBuffer {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes.buffer;
}

export async function playModelHints(
  tengym: typeof Tengym,
  models: typeof TengymModels,
  files: ModelFiles,
): Promise<string[]> {
  const lines: string[] = [];
  const say = (label: string, value: unknown) =>
    lines.push(`${label}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const base = `app://bundle/models/${files.id}/`;
  const served: Record<string, string> = {
    [`${base}model.json`]: files.modelJson,
    [`${base}weights.bin`]: files.weights,
  };
  const fetchFn = async (url: string) => {
    const hex = served[url];
    return {
      ok: hex !== undefined,
      status: hex === undefined ? 404 : 200,
      headers: { get: () => null },
      arrayBuffer: async () => fromHex(hex ?? ''),
    };
  };

  say('backend', await models.useBrowserBackend(files.weightCount, { wasmPath: 'app://bundle/wasm/', prefer: 'cpu' }));
  const agent = await models.loadModelFromUrl(`${base}model.json`, `models/${files.id}/`, fetchFn);
  say('loaded', { name: agent.name, algorithm: agent.metadata?.algorithm, env: agent.metadata?.env });
  try {
    await models.loadModelFromUrl(`${base}missing.json`, 'gone', fetchFn);
  } catch (e) {
    say('missing model', (e as Error).message);
  }

  const hinter = tengym.createHinter({ model: agent });
  const env = tengym.make(files.id);
  env.reset({ seed: 31 });
  let decisions = 0;
  const actions: number[] = [];
  while (env.running) {
    if (env.legalCount > 1 && decisions < 4) {
      decisions++;
      const answer = hinter.hint(env, { top: 3 });
      // Scores to 12 digits: Hermes writes a double's shortest form a digit longer than V8 at times.
      say(`hint ${decisions}`, {
        source: answer.source,
        hints: answer.hints.map((h) => [h.action, h.score.toPrecision(12), h.text]),
      });
      actions.push(answer.hints[0].action);
    } else actions.push(agent.act(env));
    env.step(actions[actions.length - 1]);
  }
  say('game', { actions, outcome: env.outcome() });
  agent.dispose();
  return lines;
}
