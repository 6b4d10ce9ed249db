/**
 * The engine process of the Python package (the bundle python/src/tengym/_engine/engine.mjs, as
 * `npm run build:python` writes it from src/bridge/engine.ts) answering for tengym's agents:
 * `agents` is the catalogue, `play` gives the records `evaluate` gives with `perDeal`, and an agent
 * attached to the env (`act`) is shown every state, so one that remembers plays as `playAgent` plays it;
 * a vector's copies have one each (`actions`).
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { agentsFor, createAgent } from '../../src/agents/index.js';
import { envConfig } from '../../src/env/registry.js';
import { deriveSeed } from '../../src/env/rng.js';
import { playAgent } from '../../src/eval/episodes.js';
import { dealRecords, evaluate } from '../../src/eval/evaluate.js';

const BUNDLE = fileURLToPath(new URL('../../python/src/tengym/_engine/engine.mjs', import.meta.url));
const KIND_JSON = 0x4a;
const KIND_ERROR = 0x45;
const KIND_STEP = 0x53;
/** Bytes 1 to 3 of every frame's header, FF 'T' 'G', as the high bytes of its little-endian kind word. */
const FRAME_MARK = 0x4754ff00;

/** One engine process, spoken to as the Python package speaks to it: a frame sent, its answer awaited. */
class Engine {
  private readonly proc: ChildProcessWithoutNullStreams;
  private buf = Buffer.alloc(0);
  private readonly waiting: ((body: Buffer) => void)[] = [];

  constructor() {
    this.proc = spawn(process.execPath, [BUNDLE]);
    this.proc.stdout.on('data', (data: Buffer) => {
      this.buf = Buffer.concat([this.buf, data]);
      while (this.buf.length >= 4 && this.buf.length >= 4 + this.buf.readUInt32LE(0)) {
        const length = this.buf.readUInt32LE(0);
        const body = Buffer.from(this.buf.subarray(4, 4 + length));
        this.buf = this.buf.subarray(4 + length);
        this.waiting.shift()!(body);
      }
    });
  }

  private send(kind: number, payload: Buffer): Promise<Buffer> {
    const frame = Buffer.alloc(8 + payload.length);
    frame.writeUInt32LE(4 + payload.length, 0);
    frame.writeUInt32LE((kind | FRAME_MARK) >>> 0, 4);
    payload.copy(frame, 8);
    const answer = new Promise<Buffer>((resolve) => this.waiting.push(resolve)).then((body) => {
      // Every frame the engine sends carries the mark (the shared file's rows are in the pipe here: no hello asked it).
      if ((body.readUInt32LE(0) & 0xffffff00) >>> 0 !== FRAME_MARK) throw new Error('a frame without the mark');
      return body;
    });
    this.proc.stdin.write(frame);
    return answer;
  }

  /** A JSON command's answer; an error frame is thrown as its message, prefixed by its code. */
  // biome-ignore lint/suspicious/noExplicitAny: an answer of any command, read field by field in the tests
  async json(msg: Record<string, unknown>): Promise<any> {
    const body = await this.send(KIND_JSON, Buffer.from(JSON.stringify(msg)));
    const value = JSON.parse(body.toString('utf8', 4));
    if (body[0] === KIND_ERROR) throw new Error(`${value.code}: ${value.message}`);
    if (body[0] !== KIND_JSON) throw new Error(`frame kind ${body[0]}`);
    return value;
  }

  /** A command answered with rows (reset, step): the one copy's mask and whether its episode ended. */
  async rows(kind: number, payload: Buffer, obsSize: number, n: number): Promise<{ mask: Buffer; ended: boolean }> {
    const body = await this.send(kind, payload);
    if (body[0] === KIND_ERROR) throw new Error(JSON.parse(body.toString('utf8', 4)).message);
    const at = 4 + obsSize * 4 + 4;
    return { mask: body.subarray(at, at + n), ended: body[at + n] !== 0 };
  }

  /**
   * A vector's rows answer (reset, step) of `num` copies: each copy's mask and flags (bit 0 terminated, bit 1
   * truncated).
   */
  async copies(
    kind: number,
    payload: Buffer,
    num: number,
    obsSize: number,
    n: number,
  ): Promise<{ masks: Buffer[]; flags: number[] }> {
    const body = await this.send(kind, payload);
    if (body[0] === KIND_ERROR) throw new Error(JSON.parse(body.toString('utf8', 4)).message);
    const at = 4 + num * obsSize * 4 + num * 4;
    return {
      masks: Array.from({ length: num }, (_, i) => body.subarray(at + i * n, at + (i + 1) * n)),
      flags: [...body.subarray(at + num * n, at + num * n + num)],
    };
  }

  close(): void {
    this.proc.stdin.end();
  }
}

const engines: Engine[] = [];

function engine(): Engine {
  const e = new Engine();
  engines.push(e);
  return e;
}

afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

describe.skipIf(!existsSync(BUNDLE))('the engine bundle and tengym agents', () => {
  it('lists the catalogue of an env as agentsFor does, with its options', async () => {
    const e = engine();
    await e.json({ cmd: 'hello', spinMicros: 0 });
    for (const [id, options] of [
      ['decade', {}],
      ['four-ten', {}],
      ['decade', { discard: 'optional' }],
    ] as const) {
      expect(await e.json({ cmd: 'agents', id, options })).toEqual(agentsFor(id, options));
    }
  });

  it.each([
    ['decade-fives', 'pimc', 12, 1_000_000],
    ['ten-twenty-thirty', 'lookahead', 10, 5],
    ['four-ten', 'greedy', 10, 3],
    ['tens', 'random', 30, 0],
  ] as const)(
    'plays %s with %s: each deal the record evaluate gives with perDeal',
    async (env, agent, episodes, seed) => {
      const e = engine();
      await e.json({ cmd: 'hello', spinMicros: 0 });
      const report = await evaluate({ env, agents: [agent], episodes, seed, workers: 0, perDeal: true });
      // Played in two messages, as the Python side sends a range of deals in chunks.
      const half = episodes >> 1;
      const first = await e.json({ cmd: 'play', id: env, options: {}, agent, seed, from: 0, to: half });
      const rest = await e.json({ cmd: 'play', id: env, options: {}, agent, seed, from: half, to: episodes });
      // Each message says the options as played, as the report does; the rest are the deals' columns.
      expect(first.options).toEqual(report.options);
      expect(rest.options).toEqual(report.options);
      const columns = Object.keys(first).filter((k) => k !== 'options');
      const joined = Object.fromEntries(columns.map((k) => [k, [...first[k], ...rest[k]]]));
      expect(joined).toEqual(report.results[0].deals);
    },
  );

  it(
    "refuses an agent the env does not have, an unknown env, bad options and a seed past the engine's, with " +
      "tengym's messages",
    async () => {
      const e = engine();
      await e.json({ cmd: 'hello', spinMicros: 0 });
      const play = (msg: Record<string, unknown>) =>
        e.json({ cmd: 'play', id: 'decade', options: {}, agent: 'random', seed: 0, from: 0, to: 2, ...msg });
      await expect(play({ agent: 'greedy' })).rejects.toThrow(
        'bad-argument: unknown agent "greedy" for decade; agents for decade: random, first, longest, lookahead, ' +
          'pimc, oracle',
      );
      await expect(play({ id: 'decad' })).rejects.toThrow(/^unknown-env: /);
      await expect(play({ options: { bogus: 1 } })).rejects.toThrow(/^bad-options: .*bogus/);
      await expect(play({ seed: 2 ** 53 - 1 })).rejects.toThrow(
        /^bad-seed: seed 9007199254740991 is too large for episodes 2/,
      );
      await expect(play({ from: 2, to: 2 })).rejects.toThrow(/^bad-argument: play: deals from 2 to 2 is none/);
      await expect(play({ agent: 7 })).rejects.toThrow(/^bad-argument: agent must be an agent's name/);
      // The engine answers on after each refusal.
      expect((await play({})).won).toHaveLength(2);
    },
  );

  it(
    'shows an attached agent every state: pimc asked only at the decisions of Ten-Twenty-Thirty plays ' +
      "playAgent's games",
    async () => {
      const config = envConfig('ten-twenty-thirty', {});
      const seed = 108;
      const episodes = 8;
      const expected = dealRecords(
        playAgent(config, createAgent('pimc', config), seed, 0, episodes),
        config.game.result,
      );
      const e = engine();
      await e.json({ cmd: 'hello', spinMicros: 0 });
      const made = await e.json({ cmd: 'make', id: 'ten-twenty-thirty', num: 1, vector: false, redeal: true });
      expect(await e.json({ cmd: 'attach', agent: 'pimc' })).toEqual(agentsFor(config).find((a) => a.name === 'pimc'));
      const cardsLeft: number[] = [];
      for (let i = 0; i < episodes; i++) {
        let rows = await e.rows(
          KIND_JSON,
          Buffer.from(JSON.stringify({ cmd: 'reset', seed: seed + i })),
          made.observationSize,
          made.actions,
        );
        expect(await e.json({ cmd: 'resetAgents', seed: deriveSeed(seed, i) })).toEqual(['pimc']);
        while (!rows.ended) {
          const legal = [...rows.mask.keys()].filter((a) => rows.mask[a] === 1);
          const action = legal.length === 1 ? legal[0] : (await e.json({ cmd: 'act', agent: 'pimc' })).action;
          const frame = Buffer.alloc(4);
          frame.writeInt32LE(action, 0);
          rows = await e.rows(KIND_STEP, frame, made.observationSize, made.actions);
        }
        cardsLeft.push((await e.json({ cmd: 'info' }))[0].outcome.cardsLeft);
      }
      expect(cardsLeft).toEqual(expected.cardsLeft);
      expect(expected.won.some((w) => w === 1)).toBe(true);
    },
  );

  it('acts for one env with act, for a vector with actions, and only in a dealt episode', async () => {
    const e = engine();
    await e.json({ cmd: 'hello', spinMicros: 0 });
    await e.json({ cmd: 'make', id: 'decade', num: 2, vector: true });
    await expect(e.json({ cmd: 'act', agent: 'pimc' })).rejects.toThrow(
      `bad-argument: act: one env's agent; a vector of copies answers every copy's action with "actions"`,
    );
    await expect(e.json({ cmd: 'actions', agent: 'pimc' })).rejects.toThrow(
      /^not-reset: agent "pimc": the copies have not been dealt yet/,
    );
    await e.json({ cmd: 'make', id: 'decade', num: 1, vector: false });
    await expect(e.json({ cmd: 'act', agent: 'pimc' })).rejects.toThrow(
      /^not-reset: agent "pimc": the env has not been dealt yet/,
    );
  });

  it(
    'gives every copy of a vector an agent of its own: copy i dealt seed + i, its agent reset with ' +
      "deriveSeed(seed, i), plays playAgent's deal i, then answers -1 until its autoreset",
    async () => {
      const config = envConfig('ten-twenty-thirty', {});
      const seed = 108;
      const num = 3;
      const expected = dealRecords(playAgent(config, createAgent('pimc', config), seed, 0, num), config.game.result);
      const e = engine();
      await e.json({ cmd: 'hello', spinMicros: 0 });
      const made = await e.json({ cmd: 'make', id: 'ten-twenty-thirty', num, vector: true });
      const reset = (msg: Record<string, unknown>) =>
        e.copies(
          KIND_JSON,
          Buffer.from(JSON.stringify({ cmd: 'reset', ...msg })),
          num,
          made.observationSize,
          made.actions,
        );
      await reset({ seeds: [seed, seed + 1, seed + 2] });
      expect(await e.json({ cmd: 'attach', agent: 'pimc' })).toEqual(agentsFor(config).find((a) => a.name === 'pimc'));
      await expect(e.json({ cmd: 'resetAgents', seeds: [1, 2] })).rejects.toThrow(
        /^bad-argument: resetAgents: seeds must be a list of 3/,
      );
      await expect(e.json({ cmd: 'resetAgents', seeds: [1, -2, null] })).rejects.toThrow(
        /^bad-seed: bad agent seed -2/,
      );
      expect(await e.json({ cmd: 'resetAgents', seeds: [0, 1, 2].map((i) => deriveSeed(seed, i)) })).toEqual(['pimc']);
      const cardsLeft: (number | null)[] = [null, null, null];
      let ended = [false, false, false];
      while (cardsLeft.includes(null)) {
        const { actions, attached } = await e.json({ cmd: 'actions', agent: 'pimc' });
        expect(attached).toBeNull();
        // A copy whose episode ended at the last step has no action (the step ignores it and deals its next game).
        expect(actions.map((a: number) => a === -1)).toEqual(ended);
        const frame = Buffer.alloc(4 * num);
        actions.forEach((a: number, i: number) => frame.writeInt32LE(a, 4 * i));
        const rows = await e.copies(KIND_STEP, frame, num, made.observationSize, made.actions);
        ended = rows.flags.map((f) => f !== 0);
        const info = await e.json({ cmd: 'info' });
        ended.forEach((end, i) => {
          if (end && cardsLeft[i] === null) cardsLeft[i] = info[i].outcome.cardsLeft;
        });
      }
      expect(cardsLeft).toEqual(expected.cardsLeft);
      // Copies left out of a mask are not asked.
      const some = await e.json({ cmd: 'actions', agent: 'pimc', mask: [false, true, false] });
      expect(some.actions[0]).toBe(-1);
      expect(some.actions[2]).toBe(-1);
      await expect(e.json({ cmd: 'actions', agent: 'pimc', mask: [true] })).rejects.toThrow(
        /^bad-argument: actions: mask must be a list of 3/,
      );
    },
  );
});

describe.skipIf(!existsSync(BUNDLE))('the engine bundle and its frames', () => {
  it('marks every frame it sends, and ends, saying why, at one without the mark', async () => {
    const e = new Engine();
    try {
      expect(await e.json({ cmd: 'hello' })).toMatchObject({ protocol: 16 });
    } finally {
      e.close();
    }
    // Text where a frame should be (a length of 1.95 GB as a frame's header would read it): refused, not awaited.
    const text = Buffer.from('[dotenv@16.4.5] injecting env (0) from .env\n');
    const run = spawnSync(process.execPath, [BUNDLE], { input: text, timeout: 20_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.toString()).toMatch(/its stdin holds something other than a frame of protocol 16/);
  });
});
