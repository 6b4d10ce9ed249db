// TensorFlow.js's own words kept from tengym's users: its Node.js banner ("Hi, looks like you are running TensorFlow.js
// in Node.js") when a model loads from a URL, and its multi-line advice on Python and registerClass when a model.json
// names an activation it does not know. Each case runs in a fresh Node process, as an app would, on dist/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODELS = fileURLToPath(new URL('../../../dist/models.js', import.meta.url));
const DIR = fileURLToPath(new URL('../../../models/four-ten/', import.meta.url));

/** Loads models/four-ten/ through loadModelFromUrl in a new process, model.json changed by `edit`: its output. */
function loadFromUrl(edit: string) {
  const script = `
    import { readFileSync } from 'node:fs';
    const { loadModelFromUrl } = await import(${JSON.stringify(MODELS)});
    const edit = ${edit};
    const fetchFile = async (url) => {
      const name = url.slice(url.lastIndexOf('/') + 1);
      let bytes = readFileSync(${JSON.stringify(DIR)} + name);
      if (name === 'model.json') bytes = Buffer.from(JSON.stringify(edit(JSON.parse(bytes.toString('utf8')))));
      return { ok: true, status: 200, headers: { get: () => null },
        arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
    };
    try {
      const agent = await loadModelFromUrl('https://example.test/models/four-ten/model.json', 'four-ten', fetchFile);
      console.log('loaded', agent.name);
    } catch (e) {
      console.log(e.name + ': ' + e.message);
    }
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

describe("TensorFlow.js's text", () => {
  it('no banner on stderr when a model loads from a URL in Node', () => {
    const r = loadFromUrl('(json) => json');
    expect(r.stdout).toBe('loaded four-ten\n');
    expect(r.stderr).not.toMatch(/Hi, looks like/);
    expect(r.stderr).toBe('');
  }, 60_000);

  it('an unknown activation is one line naming it and the activations known', () => {
    const r = loadFromUrl(`(json) => {
      const dense = json.modelTopology.config.layers.find((l) => l.class_name === 'Dense');
      dense.config.activation = 'swishy';
      return json;
    }`);
    expect(r.stdout).toMatch(/^TengymError: model "four-ten": .*activation "swishy"; TensorFlow.js knows elu, .*relu/);
    expect(r.stdout).not.toMatch(/registerClass|defined in Python/);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
