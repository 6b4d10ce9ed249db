// Models loaded every way a program loads them name themselves in hints: through
// tengym/node's loadAgent (a shipped model, a copied model directory) and through
// tf.io.fromMemory with agentFromModel (no file, no name given).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '../../src/agents/learned/tf.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHinter } from '../../src/hints/hint.js';
import { initBackend } from '../../src/node/tf-backend.js';
import { make } from '../../src/env/registry.js';
import { agentFromModel, loadModelFromUrl } from '../../src/models.js';
import { loadAgent, loadHinter, shippedModelDir, shippedModelEnvs } from '../../src/node/index.js';
import { resolveAgent } from '../../src/node/resolve.js';

beforeAll(async () => {
  await initBackend();
});

/** A decade state with a real choice. */
function decadeChoice() {
  const env = make('decade');
  env.reset({ seed: 8 });
  while (env.legalCount === 1) env.step(env.legal[0]);
  return env;
}

describe('model sources', () => {
  it('a model loaded from memory (no name) is described by its metadata, never "model model"', async () => {
    const dir = shippedModelDir('decade');
    const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
    const weights = readFileSync(join(dir, 'weights.bin'));
    const model = await tf.loadLayersModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest[0].weights,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        userDefinedMetadata: json.userDefinedMetadata,
      }),
    );
    const hint = createHinter({ model: agentFromModel(model) }).hint(decadeChoice(), { top: 1 });
    expect(hint.source).not.toBe('model model');
    expect(hint.source).toMatch(/^model \(distill, trained for decade, [\d,]+ env steps\)$/);
    // The same model through tengym/node: the same move, its directory as the source.
    const loaded = await loadAgent(dir);
    const fromDisk = createHinter({ model: loaded }).hint(decadeChoice(), { top: 1 });
    expect(fromDisk.source).toBe('model models/decade/ (shipped)');
    expect(fromDisk.hints[0].action).toBe(hint.hints[0].action);
    model.dispose();
  });

  it(
    'a hinter with a model names no source for an env the model was not trained for: sourceFor throws as hint ' +
      'does',
    async () => {
      const hinter = createHinter({ model: await loadAgent(shippedModelDir('decade')) });
      expect(hinter.sourceFor('decade')).toBe('model models/decade/ (shipped)');
      const fits = /^the hinter's model "models\/decade\/ \(shipped\)" was trained for decade \{.*\}, not /;
      expect(() => hinter.sourceFor('four-ten')).toThrow(fits);
      expect(() => hinter.sourceFor('decade', { fives: true })).toThrow(fits);
      const fourTen = make('four-ten');
      fourTen.reset({ seed: 1 });
      expect(() => hinter.hint(fourTen)).toThrow(fits);
    },
  );

  it(
    "loadAgent('models/<id>') from a folder without one loads the package's, as evaluate and the command line " + 'do',
    async () => {
      const away = mkdtempSync(join(tmpdir(), 'tengym-away-'));
      const here = process.cwd();
      process.chdir(away);
      try {
        const agent = await loadAgent('models/decade-fives');
        expect(agent.name).toBe('models/decade-fives/ (shipped)');
        expect(agent.metadata?.env).toBe('decade-fives');
        await expect(loadAgent('models/nope')).rejects.toThrow(
          new RegExp(
            `^no model at "models/nope": the directory does not exist; the shipped models are ${shippedModelEnvs()
              .map((id) => `models/${id}`)
              .join(', ')}$`,
          ),
        );
      } finally {
        process.chdir(here);
      }
    },
  );

  it('loadAgent takes any model directory; shippedModelDir names the ids that have one', async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'tengym-node-')), 'my-model');
    cpSync(shippedModelDir('decade-fives'), copy, { recursive: true });
    const agent = await loadAgent(copy);
    expect(agent.name).toBe(copy);
    expect(agent.metadata?.env).toBe('decade-fives');
    const env = make('decade-fives');
    env.reset({ seed: 1 });
    while (env.running) env.step(agent.act(env));
    expect(shippedModelEnvs()).toEqual(expect.arrayContaining(['decade', 'four-ten']));
    expect(() => shippedModelDir('tens')).toThrow(/^no model is shipped for tens; shipped: decade, /);
    await expect(loadAgent(join(copy, 'nope'))).rejects.toThrow(/no model at ".*nope": the directory does not exist/);
  });

  it('--agents model is the model shipped for the game played, under the env id or another name for it', async () => {
    const fives = await resolveAgent('model', 'decade', { fives: true });
    expect(fives.metadata?.env).toBe('decade-fives');
    const env = make('decade', { fives: true });
    env.reset({ seed: 2 });
    fives.reset(2);
    while (env.running) env.step(fives.act(env));
    // decade on seven stacks is decade-stacks, which ships none; other rules take the id's own model, which says what
    // differs.
    await expect(resolveAgent('model', 'decade', { stacks: 7 })).rejects.toThrow(
      /^no model is shipped for decade-stacks \(models\/decade-stacks\/model\.json\)$/,
    );
    await expect(resolveAgent('model', 'decade', { minRun: 3 })).rejects.toThrow(
      /^model "model" was trained for decade .* \(minRun 2 there, 3 here\)$/,
    );
  });

  it(
    'loadAgent and --agents say what a path is when it is no model directory: a file, or a folder without ' +
      'model.json',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'tengym-node-'));
      const file = join(folder, 'a-file');
      writeFileSync(file, 'mine');
      await expect(loadAgent(file)).rejects.toThrow(
        /^no model at ".*a-file": it is a file, not a model directory \(model\.json \+ weights\.bin\)$/,
      );
      await expect(resolveAgent(file, 'decade')).rejects.toThrow(
        /^no model at ".*a-file": it is a file, not a model directory/,
      );
      await expect(loadAgent(folder)).rejects.toThrow(/^no model at ".*": it has no model\.json$/);
    },
  );

  it('loadAgent refuses options it cannot take, by name', async () => {
    const dir = shippedModelDir('decade');
    await expect(loadAgent(dir, null as never)).rejects.toThrow(
      /^loadAgent options must be an object such as \{ name: 'mine' \}, got null$/,
    );
    await expect(loadAgent(dir, { names: 'x' } as never)).rejects.toThrow(
      /^unknown loadAgent option "names"; loadAgent takes \{ name, announceBackend \}$/,
    );
    await expect(loadAgent(dir, { name: 5 } as never)).rejects.toThrow(
      /^loadAgent's name must be a non-empty string, got 5$/,
    );
    await expect(loadAgent(dir, { announceBackend: 'yes' } as never)).rejects.toThrow(
      /^loadAgent's announceBackend must be true or false, got "yes"$/,
    );
    expect((await loadAgent(dir, { name: 'mine' })).name).toBe('mine');
  });
  it(
    'a page or app loading a model by URL refuses a "__proto__" key ' + 'in its metadata options, as loadAgent does',
    async () => {
      // JSON.parse keeps the key as an own property; a copy of the options would drop it and play other options than
      // the file says.
      const dir = shippedModelDir('decade');
      const text = readFileSync(join(dir, 'model.json'), 'utf8').replace(
        '"options":{',
        '"options":{"__proto__":{"fives":true},',
      );
      expect(Object.hasOwn(JSON.parse(text).userDefinedMetadata.tengym.options, '__proto__')).toBe(true);
      const fetchFile = async (url: string) => {
        const bytes = url.endsWith('model.json')
          ? Buffer.from(text)
          : readFileSync(join(dir, url.slice(url.lastIndexOf('/') + 1)));
        return {
          ok: true,
          status: 200,
          headers: { get: () => null },
          arrayBuffer: async () =>
            bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
        };
      };
      const before = tf.memory().numTensors;
      await expect(
        loadModelFromUrl('https://example.test/models/decade/model.json', 'models/decade/', fetchFile),
      ).rejects.toThrow(
        /bad tengym metadata: a key "__proto__" is not kept by a JavaScript object .* → at options\.__proto__/,
      );
      expect(tf.memory().numTensors).toBe(before);
    },
  );
  it(
    "tengym/node's loadHinter gives the command line's hints: the shipped model where it is the source, the " +
      'search elsewhere, or the source named',
    async () => {
      const env = decadeChoice();
      const shipped = await loadHinter('decade');
      expect([shipped.source, shipped.fromModel]).toEqual(['model models/decade/ (shipped)', true]);
      const cli = spawnSync(
        process.execPath,
        ['dist/cli/main.js', 'hint', '--env', 'decade', '--state', '-', '--json'],
        {
          input: JSON.stringify(env.getState()),
          encoding: 'utf8',
        },
      );
      expect(cli.status, cli.stderr).toBe(0);
      expect(JSON.parse(cli.stdout).hints.map((h: { action: number }) => h.action)).toEqual(
        shipped.hinter.hint(env).hints.map((h) => h.action),
      );
      // decade-loop's hints come from its shipped model (docs/hints.md, "Where hints come from"); createHinter()
      // alone, with no model, gives pimc's.
      const loop = await loadHinter('decade-loop');
      expect([loop.source, loop.fromModel]).toEqual(['model models/decade-loop/ (shipped)', true]);
      expect((await loadHinter('decade', {}, { agent: 'lookahead' })).source).toMatch(/^lookahead/);
      await expect(loadHinter('decade', {}, { modle: 'x' } as never)).rejects.toThrow(
        /^loadHinter's choice must be \{ model: 'DIR' \} or \{ agent: 'NAME' \}, got \{"modle":"x"\}$/,
      );
      await expect(loadHinter('decade', { stacks: 9 })).rejects.toThrow(/stacks/);
    },
  );
});
