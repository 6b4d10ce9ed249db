// Model folders as hostile or careless users share them: a manifest that points outside its
// folder, repeats a file or disagrees with the sizes; tampered shapes, dtypes, values and
// metadata. Each is refused with a named TengymError, and a watch on the files opened shows
// that nothing outside the folder (and no weight file, while the manifest is wrong) is opened.
import { execFileSync } from 'node:child_process';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** Every path the loader opens, resolved. */
const opened: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof fsPromises>();
  const open: typeof fs.open = (path, ...rest) => {
    opened.push(resolve(String(path)));
    return fs.open(path, ...rest);
  };
  const readFile = ((path: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
    if (typeof path === 'string' || path instanceof URL) opened.push(resolve(String(path)));
    return (fs.readFile as (...a: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFile;
  return { ...fs, default: { ...fs, open, readFile }, open, readFile };
});

const { TengymError } = await import('../../src/env/errors.js');
const { loadModel, loadModelAgent } = await import('../../src/node/load-model.js');
const { shippedModelDir } = await import('../../src/node/resolve.js');
const { initBackend } = await import('../../src/node/tf-backend.js');
const { loadModelFromUrl } = await import('../../src/agents/learned/url-loader.js');
const { agentFromModel, featureLayout } = await import('../../src/agents/learned/from-model.js');
const { useBrowserBackend } = await import('../../src/agents/learned/browser-backend.js');
const { envConfig } = await import('../../src/env/registry.js');
const { modelAlgorithms } = await import('../../src/agents/learned/metadata.js');
const { algorithmNames } = await import('../../src/train/algorithms/index.js');
const ALGORITHMS = algorithmNames();

const SHIPPED = shippedModelDir('decade');
let root = '';
/** A file outside every model folder, holding text no model has. */
let secret = '';

beforeAll(async () => {
  await initBackend();
  root = mkdtempSync(join(tmpdir(), 'tengym-model-loading-'));
  secret = join(root, 'secret.txt');
  writeFileSync(secret, 'not a weight\n'.repeat(100));
  // Another project's real model, beside the one under test.
  cpSync(SHIPPED, join(root, 'other', 'models', 'decade'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  opened.length = 0;
});

type ModelJson = {
  modelTopology: { config: { layers: { config: Record<string, unknown> }[] } };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
  userDefinedMetadata: { tengym: Record<string, unknown> };
};

let count = 0;
/** A copy of the shipped decade model, its model.json changed by `edit`, its weights by `weights`. */
function modelDir(edit: (json: ModelJson) => void = () => {}, weights?: (bytes: Buffer) => Buffer | null): string {
  const dir = join(root, `m${count++}`);
  mkdirSync(dir);
  const json = JSON.parse(readFileSync(join(SHIPPED, 'model.json'), 'utf8')) as ModelJson;
  edit(json);
  writeFileSync(join(dir, 'model.json'), JSON.stringify(json));
  const bytes = readFileSync(join(SHIPPED, 'weights.bin'));
  const changed = weights ? weights(bytes) : bytes;
  if (changed !== null) writeFileSync(join(dir, 'weights.bin'), changed);
  return dir;
}

async function refusal(dir: string): Promise<string> {
  const error = await loadModelAgent(dir).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `model ${dir} loaded`).toBeInstanceOf(TengymError);
  return (error as Error).message;
}

/** Only these files of the folder were opened, and nothing outside it. */
function expectOpened(dir: string, names: string[]): void {
  expect(opened.filter((p) => !p.startsWith(resolve(dir) + '/'))).toEqual([]);
  expect([...new Set(opened.map((p) => p.slice(resolve(dir).length + 1)))].sort()).toEqual([...names].sort());
}

describe('a model folder reads only its own files', () => {
  it('loads the shipped model, opening model.json and weights.bin once each', async () => {
    const dir = modelDir();
    const agent = await loadModelAgent(dir);
    expect(agent.metadata.env).toBe('decade');
    expectOpened(dir, ['model.json', 'weights.bin']);
    expect(opened).toHaveLength(2);
  });

  it.each([
    ['../other/models/decade/weights.bin', 'another project’s weights'],
    ['../../../../../../../../etc/passwd', 'a system file'],
    ['/etc/passwd', 'an absolute path'],
    ['sub/../../secret.txt', 'a path that climbs out'],
    ['..\\secret.txt', 'a Windows separator'],
    ['file:///etc/passwd', 'a URL'],
    ['%2e%2e/secret.txt', 'an encoded climb'],
  ])('refuses a weights path outside the folder (%s: %s), opening nothing but model.json', async (path) => {
    const dir = modelDir((j) => {
      j.weightsManifest[0].paths = [path];
    });
    expect(await refusal(dir)).toMatch(/model.json lists a weights path (outside its folder|not a plain file path)/);
    expectOpened(dir, ['model.json']);
  });

  it.each([
    ['another model’s weights', () => join(root, 'other', 'models', 'decade', 'weights.bin')],
    ['a file of another size', () => secret],
  ])(
    'refuses a weights file that is a link outside the folder (%s), without opening it or telling its size',
    async (_what, target) => {
      const dir = modelDir(undefined, () => null);
      symlinkSync(target(), join(dir, 'weights.bin'));
      const message = await refusal(dir);
      expect(message).toMatch(/weights.bin is a link to a file outside its folder$/);
      expect(message).not.toMatch(/\d+ bytes/);
      expectOpened(dir, ['model.json']);
    },
  );

  it('refuses a path listed twice, or 50,000 times, before reading any weights', async () => {
    const twice = modelDir((j) => {
      j.weightsManifest[0].paths = ['weights.bin', 'weights.bin'];
    });
    expect(await refusal(twice)).toMatch(/lists the weights file "weights.bin" more than once/);
    expectOpened(twice, ['model.json']);
    opened.length = 0;
    const many = modelDir((j) => {
      j.weightsManifest[0].paths = Array.from({ length: 50_000 }, () => 'weights.bin');
    });
    const start = performance.now();
    expect(await refusal(many)).toMatch(
      /model.json is not a TensorFlow.js layers model .*expected array to have <=1024 items/,
    );
    expect(performance.now() - start).toBeLessThan(5000);
    expectOpened(many, ['model.json']);
  });

  it.each([
    ['a byte too many', (b: Buffer) => Buffer.concat([b, Buffer.from([0])]), /1 bytes too long/],
    ['cut short', (b: Buffer) => b.subarray(0, b.length - 4), /4 bytes short/],
  ])('refuses weights that disagree with the manifest (%s) before opening them', async (_what, weights, message) => {
    const dir = modelDir(undefined, weights);
    expect(await refusal(dir)).toMatch(message);
    expectOpened(dir, ['model.json']);
  });

  it('refuses a manifest describing more than the size bound', async () => {
    const dir = modelDir((j) => {
      j.weightsManifest[0].weights[0].shape = [100_000, 100_000];
    });
    expect(await refusal(dir)).toMatch(/more than 268435456 bytes of weights, the bound for a model/);
    expectOpened(dir, ['model.json']);
  });

  it('names a missing weights file as missing, and a folder in its place as not a file', async () => {
    expect(await refusal(modelDir(undefined, () => null))).toMatch(/weights.bin is missing/);
    const dir = modelDir(undefined, () => null);
    mkdirSync(join(dir, 'weights.bin'));
    expect(await refusal(dir)).toMatch(/weights.bin is not a file/);
  });
});

describe('what a model holds is checked before it plays', () => {
  // TensorFlow.js builds any layer graph it is given, and waits for ever (at full CPU) on a layer
  // whose input is a layer that is not there, itself, or a node it does not have.
  type Layer = { name: string; class_name: string; config: Record<string, unknown>; inbound_nodes: unknown[] };
  const layersOf = (j: ModelJson) => (j.modelTopology.config as unknown as { layers: Layer[] }).layers;
  it.each([
    [
      'a layer that is not there',
      (j: ModelJson) => void (layersOf(j)[1].inbound_nodes = [[['nosuch', 0, 0, {}]]]),
      /layer "hidden_0" takes \["nosuch",0,0\], not the output of a layer listed before it/,
    ],
    [
      'the layer itself',
      (j: ModelJson) => void (layersOf(j)[1].inbound_nodes = [[['hidden_0', 0, 0, {}]]]),
      /layer "hidden_0" takes \["hidden_0",0,0\]/,
    ],
    [
      'a layer listed after it',
      (j: ModelJson) => void (layersOf(j)[1].inbound_nodes = [[['hidden_1', 0, 0, {}]]]),
      /layer "hidden_0" takes \["hidden_1",0,0\]/,
    ],
    [
      'a node its input does not have',
      (j: ModelJson) => void (layersOf(j)[1].inbound_nodes = [[['position', 3, 0, {}]]]),
      /layer "hidden_0" takes \["position",3,0\]/,
    ],
    [
      'two inputs',
      (j: ModelJson) =>
        void (layersOf(j)[2].inbound_nodes = [
          [
            ['position', 0, 0, {}],
            ['hidden_0', 0, 0, {}],
          ],
        ]),
      /layer "hidden_1" does not take exactly one input once/,
    ],
    [
      'a layer of another kind',
      (j: ModelJson) => void (layersOf(j)[2].class_name = 'Conv2D'),
      /layer "hidden_1" is a "Conv2D"/,
    ],
    [
      'an output that is not there',
      (j: ModelJson) =>
        void ((j.modelTopology.config as unknown as { output_layers: unknown[] }).output_layers = [['nosuch', 0, 0]]),
      /its outputs name \["nosuch",0,0\], not a layer's output/,
    ],
    [
      'two layers of one name',
      (j: ModelJson) => void (layersOf(j)[2].name = 'hidden_0'),
      /two layers are named "hidden_0"/,
    ],
  ])(
    'refuses a layer graph whose layer takes %s, by name, before TensorFlow.js waits on it for ever',
    async (_what, edit, message) => {
      const dir = modelDir(edit);
      const refused = await refusal(dir);
      expect(refused).toMatch(
        new RegExp(
          String.raw`model.json's layers are not a tengym network \(an input layer, then dense layers each taking ` +
            String.raw`one layer before it\): `,
        ),
      );
      expect(refused).toMatch(message);
      expectOpened(dir, ['model.json']);
    },
  );

  it('refuses a model.json that is a named pipe without waiting for a writer', async () => {
    const dir = join(root, `fifo${count++}`);
    mkdirSync(dir);
    execFileSync('mkfifo', [join(dir, 'model.json')]);
    expect(await refusal(dir)).toMatch(/model.json is not a file$/);
  });

  it.each([
    [
      'maxLeaves past 100,000',
      { depth: 2, maxLeaves: 1e9, tieWeight: 0 },
      /Too big: expected number to be <=100000 → at search.maxLeaves/,
    ],
    [
      'endgamePositions past 1,000,000',
      { depth: 2, maxLeaves: 256, tieWeight: 0, endgame: 52, endgamePositions: 1e7 },
      /Too big: expected number to be <=1000000 → at search.endgamePositions/,
    ],
  ])('refuses search settings past what a decision may take (%s)', async (_what, search, message) => {
    const dir = modelDir((j) => {
      j.userDefinedMetadata.tengym.search = search;
    });
    expect(await refusal(dir)).toMatch(message);
  });

  it('refuses a tampered input shape with a named error, not tfjs’s internal one', async () => {
    const dir = modelDir((j) => {
      j.modelTopology.config.layers[0].config.batch_input_shape = [null, 100];
    });
    expect(await refusal(dir)).toMatch(/its layers and weights do not fit together/);
  });

  it('refuses a tampered input shape of 4,000,000 before TensorFlow.js builds anything', async () => {
    const dir = modelDir((j) => {
      j.modelTopology.config.layers[0].config.batch_input_shape = [null, 4_000_000];
    });
    const heap = process.memoryUsage().rss;
    const start = performance.now();
    expect(await refusal(dir)).toMatch(
      new RegExp(
        `its layers and weights do not fit together: layer "hidden_0" reads 4000000 values into 256 units, ` +
          String.raw`so its weight hidden_0/kernel is \[4000000,256\]; model.json's manifest gives \[532,256\]`,
      ),
    );
    expect(performance.now() - start).toBeLessThan(2000);
    expect(process.memoryUsage().rss - heap).toBeLessThan(200 * 1024 * 1024);
    expectOpened(dir, ['model.json']);
  });

  it('refuses a network of the wrong width whose weights agree with it, against the metadata', async () => {
    // Input, kernel and weights file all widened to 600: a model of its own, but not of the env its metadata names.
    const dir = modelDir(
      (j) => {
        j.modelTopology.config.layers[0].config.batch_input_shape = [null, 600];
        j.weightsManifest[0].weights[0].shape = [600, 256];
      },
      (b) => Buffer.concat([b, Buffer.alloc((600 - 532) * 256 * 4)]),
    );
    expect(await refusal(dir)).toMatch(
      new RegExp(
        String.raw`a 'search' model for decade reads 532 features \(decade-line/1\) and outputs 1 \(win\) and 1 ` +
          String.raw`\(cost\); its network reads \[null,600\]`,
      ),
    );
    expectOpened(dir, ['model.json']);
  });

  it.each([
    [
      'a weight no layer has',
      (j: ModelJson) => void j.weightsManifest[0].weights.push({ name: 'extra/kernel', shape: [0], dtype: 'float32' }),
      /model.json's manifest lists a weight extra\/kernel that no layer has/,
    ],
    [
      'a layer without its bias',
      (j: ModelJson) => void j.weightsManifest[0].weights.splice(1, 1),
      new RegExp(
        String.raw`layer "hidden_0" reads 532 values into 256 units, so its weight hidden_0/bias is \[256\]; ` +
          "model.json's manifest has no such weight",
      ),
    ],
    [
      'an input layer without its width',
      (j: ModelJson) => void delete j.modelTopology.config.layers[0].config.batch_input_shape,
      /input layer "position" has batch_input_shape undefined, not \[null, n\]/,
    ],
  ])('refuses %s, by name, before TensorFlow.js builds anything', async (_what, edit, message) => {
    const dir = modelDir(edit);
    expect(await refusal(dir)).toMatch(message);
    expectOpened(dir, ['model.json']);
  });

  it('says a manifest of 300,000 weights is too long in its own words, not "Maximum call stack size"', async () => {
    const dir = modelDir((j) => {
      const weights = j.weightsManifest[0].weights;
      for (let i = 0; i < 300_000; i++) weights.push({ name: `w${i}`, shape: [0], dtype: 'float32' });
    });
    const message = await refusal(dir);
    expect(message).toMatch(/model.json is not a TensorFlow.js layers model .*expected array to have <=128 items/);
    expect(message).not.toMatch(/call stack/);
    expectOpened(dir, ['model.json']);
  });

  it.each([
    ['trainingConfig', (text: string, deep: string) => text.replace(/^\{/, `{"trainingConfig":${deep},`)],
    ['its metadata', (text: string, deep: string) => text.replace('"tengym":{', `"tengym":{"notes":${deep},`)],
    [
      'a layer',
      (text: string, deep: string) => text.replace('"kernel_initializer":', `"deep":${deep},"kernel_initializer":`),
    ],
  ])('refuses values nested 100,000 deep in %s, in its own words, opening no weights', async (_where, edit) => {
    const dir = modelDir();
    const deep = '{"a":'.repeat(100_000) + '{}' + '}'.repeat(100_000);
    const text = edit(readFileSync(join(dir, 'model.json'), 'utf8'), deep);
    expect(text.length).toBeGreaterThan(500_000);
    writeFileSync(join(dir, 'model.json'), text);
    opened.length = 0;
    const message = await refusal(dir);
    expect(message).toMatch(/model.json nests its values more than 64 deep/);
    expect(message).not.toMatch(/call stack|Cannot convert/);
    expectOpened(dir, ['model.json']);
  });

  it('plays a model whose trainingConfig TensorFlow.js could not compile: tengym does not compile it', async () => {
    // TensorFlow.js said "Cannot convert undefined or null to object" for any trainingConfig not of Keras's form.
    const dir = modelDir((j) => {
      (j as unknown as { trainingConfig: unknown }).trainingConfig = { a: { b: {} } };
    });
    const agent = await loadModelAgent(dir);
    expect(agent.metadata.env).toBe('decade');
    agent.dispose();
  });

  it(
    "keeps the first sentence of TensorFlow.js's own words for a failure that is not a shape (here an initializer " +
      'it does not know), not its advice on Python and registerClass',
    async () => {
      const dir = modelDir((j) => {
        j.modelTopology.config.layers[1].config.kernel_initializer = { class_name: 'NoSuchInitializer', config: {} };
      });
      const message = await refusal(dir);
      expect(message).toMatch(
        /: TensorFlow\.js could not build its network: Unknown initializer: NoSuchInitializer\.$/,
      );
      expect(message).not.toMatch(/registerClass|\n/);
    },
  );

  it('refuses an activation TensorFlow.js does not know before it builds anything, naming those it knows', async () => {
    const dir = modelDir((j) => {
      j.modelTopology.config.layers[1].config.activation = 'no_such_activation';
    });
    expect(await refusal(dir)).toMatch(
      /has activation "no_such_activation"; TensorFlow\.js knows elu, hardSigmoid, linear, relu,/,
    );
  });

  it('refuses weights of another dtype', async () => {
    const dir = modelDir((j) => {
      j.weightsManifest[0].weights[1].dtype = 'int32';
    });
    expect(await refusal(dir)).toMatch(/not a TensorFlow.js layers model of float32 weights/);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s weights', async (_what, value) => {
    const dir = modelDir(undefined, (b) => {
      const copy = Buffer.from(b);
      copy.writeFloatLE(value, 4 * 1000);
      return copy;
    });
    expect(await refusal(dir)).toMatch(
      /weight hidden_0\/kernel holds (NaN|Infinity) at index 1000: weights must be finite numbers/,
    );
  });

  it('refuses an algorithm tengym does not train', async () => {
    const dir = modelDir((j) => {
      j.userDefinedMetadata.tengym.algorithm = 'nope';
    });
    expect(await refusal(dir)).toMatch(
      new RegExp(
        String.raw`bad tengym metadata: .*not an algorithm of tengym train \(ppo, dqn, afterstate, ` +
          String.raw`expert-iteration, distill\) → at algorithm`,
      ),
    );
  });

  it.each([
    [
      '__proto__',
      /bad tengym metadata: a key "__proto__" is not kept by a JavaScript object .* → at options\.__proto__/,
    ],
    // Kept as own keys by every copy, and refused by the game's strict options as unknown.
    ['constructor', /unknown option "constructor"/],
    ['prototype', /unknown option "prototype"/],
  ])(
    'refuses a %s key in its metadata options, naming it, rather than play other options than the file says',
    async (key, message) => {
      const dir = modelDir((j) => {
        // An own key, as JSON.parse makes it (an assignment of "__proto__" would set the prototype instead).
        Object.defineProperty(j.userDefinedMetadata.tengym.options, key, {
          value: { fives: true },
          enumerable: true,
          writable: true,
          configurable: true,
        });
      });
      expect(readFileSync(join(dir, 'model.json'), 'utf8')).toContain(`"${key}":{"fives":true}`);
      expect(await refusal(dir)).toMatch(message);
    },
  );

  it('refuses a "__proto__" key anywhere in its tengym metadata, by its path', async () => {
    const dir = modelDir((j) => {
      Object.defineProperty(j.userDefinedMetadata.tengym.config as object, '__proto__', {
        value: { hidden: [1] },
        enumerable: true,
      });
    });
    expect(await refusal(dir)).toMatch(/bad tengym metadata: a key "__proto__" .* → at config\.__proto__/);
  });

  it('refuses metadata naming an env whose sizes it does not have, or an unknown env', async () => {
    expect(
      await refusal(
        modelDir((j) => {
          j.userDefinedMetadata.tengym.env = 'tens';
        }),
      ),
    ).toMatch(/does not make|trained for|expects observations/);
    expect(
      await refusal(
        modelDir((j) => {
          j.userDefinedMetadata.tengym.env = 'no-such-env';
        }),
      ),
    ).toMatch(/names env no-such-env/);
  });

  it('refuses features of another encoding than the env’s', async () => {
    const dir = modelDir((j) => {
      j.userDefinedMetadata.tengym.features = 'decade-loop/1';
    });
    expect(await refusal(dir)).toMatch(/features "decade-loop\/1"; decade .* is encoded as decade-line\/1/);
  });

  it('a checkpoint’s loader (loadModel) refuses the same', async () => {
    const dir = modelDir(undefined, (b) => {
      const copy = Buffer.from(b);
      copy.writeFloatLE(Number.NaN, 0);
      return copy;
    });
    await expect(loadModel(dir)).rejects.toThrow(TengymError);
  });

  it('lists the same algorithms as tengym train', () => {
    expect([...modelAlgorithms()].sort()).toEqual([...ALGORITHMS].sort());
  });
});

describe('the page’s loader (loadModelFromUrl) makes the same checks', () => {
  const BASE = 'https://example.test/models/decade/';
  /** A fetch over a folder of files, recording each URL asked for. */
  function fakeFetch(files: Record<string, Buffer>, asked: string[]) {
    return async (url: string) => {
      asked.push(url);
      const name = url.startsWith(BASE) ? url.slice(BASE.length) : null;
      const body = name === null ? undefined : files[name];
      return {
        ok: body !== undefined,
        status: body === undefined ? 404 : 200,
        headers: { get: (h: string) => (h === 'content-length' && body ? String(body.length) : null) },
        arrayBuffer: async () => {
          const b = body ?? Buffer.alloc(0);
          return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
        },
      };
    };
  }
  const shipped = () => ({
    'model.json': readFileSync(join(SHIPPED, 'model.json')),
    'weights.bin': readFileSync(join(SHIPPED, 'weights.bin')),
  });

  it('loads the shipped model', async () => {
    const asked: string[] = [];
    const agent = await loadModelFromUrl(`${BASE}model.json`, 'models/decade/', fakeFetch(shipped(), asked));
    expect(agent.metadata.env).toBe('decade');
    expect(asked).toEqual([`${BASE}model.json`, `${BASE}weights.bin`]);
  });

  it("says an HTML page where model.json should be (a server's page for a missing file) is one", async () => {
    const files = { ...shipped(), 'model.json': Buffer.from('<!doctype html><html><body>My app</body></html>') };
    await expect(loadModelFromUrl(`${BASE}model.json`, 'm', fakeFetch(files, []))).rejects.toThrow(
      new RegExp(
        String.raw`^model "m": model\.json is not valid JSON \(it is an HTML page: the server has no model\.json ` +
          String.raw`at that address, and answered with a page; check the URL\): `,
      ),
    );
  });

  it.each([['../../secret.bin'], ['https://elsewhere.test/w.bin'], ['/w.bin']])(
    'refuses weights path %s without fetching it',
    async (path) => {
      const files = shipped();
      const json = JSON.parse(files['model.json'].toString()) as ModelJson;
      json.weightsManifest[0].paths = [path];
      files['model.json'] = Buffer.from(JSON.stringify(json));
      const asked: string[] = [];
      await expect(loadModelFromUrl(`${BASE}model.json`, 'm', fakeFetch(files, asked))).rejects.toThrow(
        /model.json lists a weights path outside its folder/,
      );
      expect(asked).toEqual([`${BASE}model.json`]);
    },
  );

  it('resolves a relative model URL against the page’s address, where there is a page', async () => {
    vi.stubGlobal('location', { href: 'https://example.test/play/?env=decade' });
    try {
      for (const url of ['/models/decade/model.json', '../models/decade/model.json']) {
        const asked: string[] = [];
        expect((await loadModelFromUrl(url, 'decade', fakeFetch(shipped(), asked))).metadata.env).toBe('decade');
        expect(asked).toEqual([`${BASE}model.json`, `${BASE}weights.bin`]);
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses a relative model URL outside a page, before fetching anything', async () => {
    const asked: string[] = [];
    await expect(loadModelFromUrl('/models/decade/model.json', 'decade', fakeFetch(shipped(), asked))).rejects.toThrow(
      expect.objectContaining({
        code: 'bad-argument',
        message:
          'model "decade": "/models/decade/model.json" is not an absolute URL, and outside a page there is no address to resolve it against; pass an absolute URL such as https://example.com/models/decade/model.json',
      }),
    );
    expect(asked).toEqual([]);
  });

  it('refuses a fetch that gives no response, and arguments of the wrong kind, by name', async () => {
    const refused = (p: Promise<unknown>, message: RegExp) =>
      expect(p).rejects.toThrow(
        expect.objectContaining({ name: 'TengymError', code: 'bad-argument', message: expect.stringMatching(message) }),
      );
    await refused(
      loadModelFromUrl(`${BASE}model.json`, 'decade', async () => null as never),
      /^model "decade": fetch gave null for model\.json, not a response \{ ok, status, headers, arrayBuffer\(\) \}$/,
    );
    await refused(
      loadModelFromUrl(null as never, 'decade'),
      /^model "decade": loadModelFromUrl takes the URL of model\.json as a string, got null$/,
    );
    await refused(
      loadModelFromUrl(`${BASE}model.json`, 5 as never),
      /^loadModelFromUrl takes the model's name \(for messages\) as a string, got 5$/,
    );
    await refused(
      loadModelFromUrl(`${BASE}model.json`, 'decade', 'fetch' as never),
      /^model "decade": loadModelFromUrl takes a fetch function .*got "fetch"$/,
    );
  });

  it('names the URL a file was missing at, or that answered with a page, and what to serve there', async () => {
    const serve = "serve the model's folder (model.json, its weights beside it) at the URL given to loadModelFromUrl";
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => 'loaded',
        (e: Error) => `${e.name}: ${e.message}`,
      );
    // A URL one letter off: the server has nothing there.
    const wrong = 'https://example.test/model/decade/model.json';
    expect(await refusal(loadModelFromUrl(wrong, 'decade', fakeFetch(shipped(), [])))).toBe(
      `TengymError: model "decade": model.json is missing (HTTP 404 from ${wrong}); ${serve}`,
    );
    const { 'model.json': json } = shipped();
    expect(await refusal(loadModelFromUrl(`${BASE}model.json`, 'decade', fakeFetch({ 'model.json': json }, [])))).toBe(
      `TengymError: model "decade": weights.bin is missing (HTTP 404 from ${BASE}weights.bin); ${serve}`,
    );
    const forbidden = async () => ({
      ok: false,
      status: 403,
      headers: { get: () => null },
      arrayBuffer: async () => new ArrayBuffer(0),
    });
    expect(await refusal(loadModelFromUrl(`${BASE}model.json`, 'decade', forbidden))).toBe(
      `TengymError: model "decade": model.json is unavailable (HTTP 403 from ${BASE}model.json); ${serve}`,
    );
    // A server that answers every path it has no file for with the app's page, status 200 (Vite's, a single-page app's
    // host).
    const page = Buffer.from('<!doctype html><html><body></body></html>');
    const fallback = async () => ({
      ok: true,
      status: 200,
      headers: { get: (h: string) => (h === 'content-type' ? 'text/html; charset=utf-8' : null) },
      arrayBuffer: async () => page.buffer.slice(page.byteOffset, page.byteOffset + page.byteLength) as ArrayBuffer,
    });
    expect(await refusal(loadModelFromUrl(wrong, 'decade', fallback))).toBe(
      `TengymError: model "decade": model.json is missing: ${wrong} answered with an HTML page, not the file ` +
        `(a server sends one for a path it has no file at); ${serve}`,
    );
    const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await refusal(loadModelFromUrl(wrong, 'decade', offline))).toBe(
      `TengymError: model "decade": cannot fetch model.json from ${wrong} (Failed to fetch)`,
    );
  });

  describe('in React Native (Hermes): no TextDecoder, and a URL that only joins strings', () => {
    /**
     * React Native's own URL without a polyfill (Libraries/Blob/URL.js): a base and a path joined as strings, a "/"
     * added to an absolute URL.
     */
    class ReactNativeUrl {
      private readonly url: string;
      constructor(url: string, base?: string) {
        if (!base) this.url = url.endsWith('/') ? url : `${url}/`;
        else this.url = `${base.endsWith('/') ? base.slice(0, -1) : base}${url.startsWith('/') ? url : `/${url}`}`;
      }
      get href(): string {
        return this.url;
      }
      toString(): string {
        return this.url;
      }
    }
    beforeEach(() => {
      vi.stubGlobal('TextDecoder', undefined);
      vi.stubGlobal('URL', ReactNativeUrl);
      return () => vi.unstubAllGlobals();
    });

    it('loads a model by its absolute URL, its weights fetched from beside model.json', async () => {
      const asked: string[] = [];
      const agent = await loadModelFromUrl(
        `${BASE}model.json?v=2`,
        'models/decade/',
        fakeFetch({ ...shipped(), 'model.json?v=2': shipped()['model.json'] }, asked),
      );
      expect(agent.metadata.env).toBe('decade');
      expect(asked).toEqual([`${BASE}model.json?v=2`, `${BASE}weights.bin`]);
    });

    it('reads model.json as UTF-8, and refuses one that is not', async () => {
      const files = shipped();
      const json = JSON.parse(files['model.json'].toString()) as ModelJson;
      json.weightsManifest[0].paths = ['poids-é-✓-😀.bin'];
      files['model.json'] = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(json))]);
      const asked: string[] = [];
      await expect(loadModelFromUrl(`${BASE}model.json`, 'm', fakeFetch(files, asked))).rejects.toThrow(
        new RegExp(
          String.raw`^model "m": poids-é-✓-😀\.bin is missing \(HTTP 404 from ` +
            String.raw`https:\/\/example\.test\/models\/decade\/poids-é-✓-😀\.bin\)`,
        ),
      );
      files['model.json'] = Buffer.concat([Buffer.from('{"format": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
      await expect(loadModelFromUrl(`${BASE}model.json`, 'm', fakeFetch(files, []))).rejects.toThrow(
        /^model "m": model\.json is not UTF-8 text$/,
      );
    });
  });

  it('refuses NaN weights and padded files', async () => {
    const nan = shipped();
    nan['weights.bin'] = Buffer.from(nan['weights.bin']);
    nan['weights.bin'].writeFloatLE(Number.NaN, 0);
    await expect(loadModelFromUrl(`${BASE}model.json`, 'm', fakeFetch(nan, []))).rejects.toThrow(
      /weights must be finite/,
    );
    const padded = shipped();
    padded['weights.bin'] = Buffer.concat([padded['weights.bin'], Buffer.alloc(8)]);
    await expect(loadModelFromUrl(`${BASE}model.json`, 'm', fakeFetch(padded, []))).rejects.toThrow(TengymError);
  });
});

describe('the page’s loader over HTTP: what a server sends is bounded and stays in the folder', () => {
  /**
   * A server of the shipped model at /m/, a secret at /secret.bin, and at /endless/ a model.json or weights that
   * never end (chunked, no length); records every path asked for and whether an endless body was let go.
   */
  let server: Server;
  let port = 0;
  const asked: string[] = [];
  let released = 0;
  /** The model.json served at /t/. */
  let tampered: Buffer = Buffer.alloc(0);
  beforeAll(async () => {
    const files = {
      'model.json': readFileSync(join(SHIPPED, 'model.json')),
      'weights.bin': readFileSync(join(SHIPPED, 'weights.bin')),
    };
    server = createServer((req, res) => {
      const path = req.url ?? '';
      asked.push(path);
      const name = path.slice(path.lastIndexOf('/') + 1) as keyof typeof files;
      const endless = path.startsWith('/endless-json/')
        ? name === 'model.json'
        : path.startsWith('/endless-weights/') && name === 'weights.bin';
      if (endless) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const more = () => {
          while (res.write(chunk));
        };
        res.on('drain', more);
        res.on('close', () => released++);
        more();
        return;
      }
      if (path.startsWith('/secret')) return void res.end('secret');
      if (path === '/t/model.json') return void res.writeHead(200).end(tampered);
      const body = files[name];
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(200).end(body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  beforeEach(() => {
    asked.length = 0;
  });

  /** The shipped model.json with its weights path `path`, served at /<folder>/model.json. */
  function servedWithPath(path: string): Buffer {
    const json = JSON.parse(readFileSync(join(SHIPPED, 'model.json'), 'utf8')) as ModelJson;
    json.weightsManifest[0].paths = [path];
    return Buffer.from(JSON.stringify(json));
  }

  it('loads the shipped model over HTTP', async () => {
    const agent = await loadModelFromUrl(`http://127.0.0.1:${port}/m/model.json`, 'x');
    expect(agent.metadata.env).toBe('decade');
    expect(asked).toEqual(['/m/model.json', '/m/weights.bin']);
    agent.dispose();
  });

  it.each([
    ['.\t./secret.bin'],
    ['..\n/secret.bin'],
    ['.\r.\t/secret.bin'],
    ['%2e%2e/secret.bin'],
    ['a/\t../../secret.bin'],
  ])(
    'refuses weights path %j, which a URL parser reads as outside the folder, asking for nothing but model.json',
    async (path) => {
      tampered = servedWithPath(path);
      await expect(loadModelFromUrl(`http://127.0.0.1:${port}/t/model.json`, 'x')).rejects.toThrow(
        /^model "x": model\.json lists a weights path (outside its folder|not a plain file path)/,
      );
      expect(asked).toEqual(['/t/model.json']);
      expect(asked.filter((p) => p.includes('secret'))).toEqual([]);
    },
  );

  it('reads a model.json that never ends (chunked, no length) no further than its bound, and lets it go', async () => {
    const before = released;
    const start = performance.now();
    await expect(loadModelFromUrl(`http://127.0.0.1:${port}/endless-json/model.json`, 'x')).rejects.toThrow(
      /^model "x": model\.json holds more than 16777216 bytes, more than the 16777216 it may$/,
    );
    expect(performance.now() - start).toBeLessThan(20_000);
    await vi.waitFor(() => expect(released).toBe(before + 1), { timeout: 5000 });
  });

  it('reads weights that never end no further than the manifest says they hold', async () => {
    const before = released;
    const bytes = readFileSync(join(SHIPPED, 'weights.bin')).length;
    await expect(loadModelFromUrl(`http://127.0.0.1:${port}/endless-weights/model.json`, 'x')).rejects.toThrow(
      new RegExp(String.raw`^model "x": weights\.bin holds more than ${bytes} bytes, more than the ${bytes} it may$`),
    );
    await vi.waitFor(() => expect(released).toBe(before + 1), { timeout: 5000 });
  });
});

describe('the browser entry (tengym/models) refuses what it does not take, by name', () => {
  const refused = (f: () => unknown, message: RegExp) =>
    expect(f).toThrow(
      expect.objectContaining({ name: 'TengymError', code: 'bad-argument', message: expect.stringMatching(message) }),
    );
  const rejected = (p: Promise<unknown>, message: RegExp) =>
    expect(p).rejects.toThrow(
      expect.objectContaining({ name: 'TengymError', code: 'bad-argument', message: expect.stringMatching(message) }),
    );

  it('agentFromModel: a model that is not a TensorFlow.js model', () => {
    refused(
      () => agentFromModel(null as never),
      /^agentFromModel takes a TensorFlow\.js model of tengym's \(await tf\.loadLayersModel\(url\)\), got null$/,
    );
    refused(() => agentFromModel({} as never), /^agentFromModel takes a TensorFlow\.js model .*got \{\}$/);
  });

  it('featureLayout: an env id or config, and nothing else', () => {
    expect(featureLayout('decade')).toEqual(featureLayout(envConfig('decade')));
    refused(
      () => featureLayout(null as never),
      /^featureLayout takes an env id .* or a config made by envConfig\(id, options\), got null$/,
    );
  });

  it('useBrowserBackend: a number of weights and { wasmPath, prefer? }', async () => {
    await rejected(
      useBrowserBackend(5 as never, undefined as never),
      new RegExp(
        String.raw`^useBrowserBackend takes options \{ wasmPath, prefer\? \}, wasmPath a URL prefix ending in "\/" ` +
          '.*; got undefined$',
      ),
    );
    await rejected(useBrowserBackend(5, {} as never), /^useBrowserBackend takes options .*; got \{\}$/);
    // TensorFlow.js appends the file's name to the prefix: without its "/" every .wasm fetch misses.
    await rejected(
      useBrowserBackend(5, { wasmPath: '/wasm' }),
      new RegExp(
        String.raw`^useBrowserBackend: wasmPath is a URL prefix ending in "\/" \(the \.wasm files' names are ` +
          String.raw`appended to it\), got "\/wasm"$`,
      ),
    );
    await rejected(
      useBrowserBackend('5' as never, { wasmPath: '/wasm/' }),
      /^useBrowserBackend takes the model's number of weights \(≥ 0, as models\/index\.json gives it\), got "5"$/,
    );
    await rejected(
      useBrowserBackend(5, { wasmPath: '/wasm/', prefer: 'gpu' as never }),
      /^useBrowserBackend: prefer is one of wasm, webgl, cpu, got "gpu"$/,
    );
  });
});
