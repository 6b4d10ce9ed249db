/**
 * The engine process behind the Python package (python/src/tengym): N copies of one
 * env, driven over stdin/stdout with length-prefixed frames.
 *
 * Frames (both directions): uint32 LE body length, then the body. A body starts with a
 * 4-byte header whose first byte is its kind and whose other three are the mark FF 'T' 'G'
 * (FRAME_MARK: 0xFF is never in UTF-8 text, so text another program writes to the pipe is
 * never read as a frame), which also pads the payload to a 4-byte boundary, so the Python side
 * can view float32 rows in place. A body is at most MAX_FRAME_BYTES (protocol 16: before it, the
 * three bytes were zeros and nothing bounded the length):
 *   'J' JSON command or answer       'E' JSON error {code, message}
 *   'S' step: int32 action per copy  'R' result rows (see writeRows)
 *   'M' result rows in the shared file: uint32 length of the rows frame written there
 * The loop is synchronous (readSync/writeSync on fds 0 and 1): no event loop turn per
 * message, and end of stdin (the parent gone, even killed with SIGKILL) ends the process.
 *
 * The copies are a VectorEnv (src/env/vector.ts), which holds every rule of the vector semantics
 * below; this file only turns frames into its calls and its buffers into frames.
 *
 * Autoreset, for a vector of copies, is Gymnasium's next-step one by default: a copy whose
 * episode ended is reset by the next step instead of stepped, and that step returns its first
 * observation with reward 0. With autoreset "disabled" (protocol 14) the caller resets it (a
 * `reset` with a mask), and a step before is refused; one env (not a vector) is always so. `make`
 * with autoreset "same-step" (Stable-Baselines3's VecEnv convention) resets an ended copy within
 * the step that ended it: its row holds the new episode's first observation and mask, its flag and
 * reward are the ending step's, and the frame ends with the ended copies' last observations, then
 * their last masks (see writeRows).
 *
 * A deal with no legal move at all is redealt, in a vector and (with `make`'s `redeal`) in one
 * env: a Gymnasium reset never returns an episode that is already over. `make`'s `timeLimit` is
 * Gymnasium's `TimeLimit` for a vector of copies (`max_episode_steps`): a copy still running after
 * that many steps of its episode is truncated, while the env's own `maxSteps`, which the
 * observation shows, stays as it is.
 *
 * `make` with illegal "stay" is TengymEnv's illegal_action="stay" for every copy (of a vector, or
 * the one env: protocol 14): a copy given an action that is not legal now stays where it is (reward
 * 0, the same observation and mask, flag bit 2), and that stay counts as a step: toward the env's
 * `maxSteps` (moves and stays together truncate there) and the `timeLimit`, or, on an env without
 * `maxSteps`, STAYS_IN_A_ROW_LIMIT stays in a row truncate. A copy truncated so ends as any other
 * (autoreset as the vector says; one env's next step is refused until a reset). `getStays` and
 * `setStays` read and set those counts (a copy of an env made mid-episode goes on counting).
 *
 * Agents (protocol 10): `agents` lists the catalogue's agents of an env and `play` plays one on a
 * range of deals, through `playAgent`, the code `tengym eval` plays them with (deal i is seed + i,
 * the agent reset with deriveSeed(seed, i)), answering each deal's record as `--per-deal` gives
 * it. Neither needs `make`. With one env made (not a vector), `act` answers a catalogue agent's
 * action for the env's state: the agent is attached to the env at its first `act` (or `attach`)
 * and from then on shown every state the env reaches (`observe`: Ten-Twenty-Thirty's order under
 * the stock is remembered from what was seen), and reset at every reset and `setState`: with
 * deriveSeed(s, 0) after a reset with seed s, as deal 0 of a `play` from seed s, then
 * deriveSeed(s, k) at the k-th reset or `setState` after it; `resetAgents` resets them with a seed given.
 *
 * Outcomes (protocol 12): a rows frame whose step ended episodes ends with their outcomes, in copy
 * order (after same-step's last observations and masks), for the infos; null for an episode only
 * the TimeLimit ended, whose TengymEnv under Gymnasium's wrapper has none. Since protocol 15 they
 * are columns (see outcomeTail): each field's values in one float64 column, with a type byte per
 * value, so that Python builds Gymnasium's info arrays a field at a time with numpy.
 *
 * Observation bounds (protocol 13): `make`'s answer carries `observationBounds`, { low, high }, the
 * lowest and highest value of each observation float (Env.observationBounds; null entries are
 * -Infinity in low, Infinity in high, which JSON cannot write), or null for an engine that
 * declares none: the Python side's Box is built from them.
 *
 * Agents of a vector (protocol 11): `attach` gives every copy an agent of its own, and `actions`
 * answers each copy's action (-1 for a copy whose episode is over: next-step, its action is
 * ignored). Each copy counts its deals as one env does, its autoresets as resets without a seed,
 * so copy i reset with seed s plays with its agent the games one env reset with seed s plays;
 * `resetAgents` takes `seeds`, one a copy (null: left as they are).
 *
 * Past 600 lines on purpose: the protocol's frames and the commands they carry read top to bottom, beside the
 * protocol's description.
 */
import '../games/index.js';
import { closeSync, constants, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
// The env layer and the agent catalogue with the code that plays it (no hints, models or TensorFlow.js).
import type { Agent, AgentInfo } from '../agents/agent.js';
import { agentsFor, createAgent } from '../agents/index.js';
import { type Env, checkSeedFits, validateSeed } from '../env/env.js';
import { TengymError, isPlainObject, isTengymError, showValue } from '../env/errors.js';
import type { EnvConfig, Outcome } from '../env/game.js';
import { envConfig, envIds, envs, make } from '../env/registry.js';
import { MAX_SEED, deriveSeed } from '../env/rng.js';
import {
  type AutoresetMode,
  CopyActionError,
  FLAG_STAYED,
  MAX_EPISODE_STEPS_LIMIT,
  STAYS_IN_A_ROW_LIMIT,
  VectorEnv,
} from '../env/vector.js';
import { playAgent } from '../eval/episodes.js';
import { MAX_EVAL_EPISODES, dealRecords } from '../eval/evaluate.js';

/** Set by the bundle's banner (rolldown.config.mjs) to the package version; the Python side refuses any other. */
declare const __TENGYM_VERSION__: string;
export const ENGINE_VERSION = typeof __TENGYM_VERSION__ === 'string' ? __TENGYM_VERSION__ : 'dev';
export const PROTOCOL = 16;

/**
 * The engines' bounds the Python side checks its arguments against before it asks (written by `--list` into
 * the package's envs.json, so that Python holds no copy of them): the largest seed, the longest time limit,
 * and the stays in a row that end an episode of an env without maxSteps.
 */
const limits = {
  maxSeed: MAX_SEED,
  maxEpisodeSteps: MAX_EPISODE_STEPS_LIMIT,
  staysInARow: STAYS_IN_A_ROW_LIMIT,
};

/** Bytes 1 to 3 of every frame's header (byte 0 is its kind) as the high bytes of a little-endian word: FF 'T' 'G'. */
const FRAME_MARK = 0x4754ff00;
/** The longest body a frame may have, either way: 1 GiB. */
export const MAX_FRAME_BYTES = 2 ** 30;
/** The header words: a kind's byte, then the mark. */
const KIND_JSON = 0x4a | FRAME_MARK; // 'J'
const KIND_ERROR = 0x45 | FRAME_MARK; // 'E'
const KIND_ROWS = 0x52 | FRAME_MARK; // 'R'
const KIND_SHARED = 0x4d | FRAME_MARK; // 'M'
/** The kind bytes of the frames Python sends. */
const JSON_BYTE = 0x4a; // 'J'
const STEP_BYTE = 0x53; // 'S'

interface Copies {
  /** The copies, stepped and reset by the one VectorEnv; their rows are views of `out`. */
  vec: VectorEnv;
  envs: readonly Env[];
  n: number;
  obsSize: number;
  /** A vector of copies (errors name the copy), or one gymnasium.Env (autoreset disabled). */
  vector: boolean;
  /** Stable-Baselines3's same-step autoreset (vector only). */
  sameStep: boolean;
  /** A deal with no legal move is dealt again (always in a vector). */
  redeal: boolean;
  /** The caller's number of copy 0 (a vector spread over processes numbers its copies across them), for errors. */
  firstCopy: number;
  /** An env of the copies' id and options that a reset deals a seed or deck on first, to check it: made once. */
  scratch: Env | null;
  /** The rows frame: length, kind, then the VectorEnv's buffers (see writeRows). */
  out: Buffer;
  /** Bytes of a frame up to and including the flags, padded to 4 (where same-step's last observations start). */
  rowsBytes: number;
  /** Where in `out` the VectorEnv packs same-step's last masks (moved behind the last observations sent). */
  lastMasksAt: number;
  /** The step frame's actions as an Int32Array view, made again only when the input buffer grows. */
  stepActions: Int32Array | null;
  /** Which copies the step being answered dealt (their agents were reset and shown the new deal). */
  dealt: Uint8Array;
  /** The catalogue agents attached, by name: one per copy, shown every state that copy reaches. */
  attached: Map<string, Agent[]>;
  /**
   * Per copy, the seed of its last seeded reset and its deals since (resets, autoresets, setStates): its agents are
   * reset with deriveSeed(agentSeeds[i], agentDeals[i]).
   */
  agentSeeds: Float64Array;
  agentDeals: Float64Array;
}

let copies: Copies | null = null;

function writeAll(buf: Uint8Array): void {
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(1, buf, off, buf.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw e;
    }
  }
}

function frame(kind: number, payload: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(8 + payload.length);
  out.writeUInt32LE(4 + payload.length, 0);
  out.writeUInt32LE(kind >>> 0, 4);
  out.set(payload, 8);
  return out;
}

function sendJson(kind: number, value: unknown): void {
  const payload = Buffer.from(JSON.stringify(value), 'utf8');
  if (4 + payload.length > MAX_FRAME_BYTES) {
    // Refused here rather than sent: the Python side refuses a frame past the bound.
    const error = {
      code: 'bad-argument',
      message:
        `the engine's answer is ${payload.length} bytes, more than the ${MAX_FRAME_BYTES} bytes a frame may hold: ` +
        'ask for less at a time (fewer deals to play, fewer copies)',
    };
    return writeAll(frame(KIND_ERROR, Buffer.from(JSON.stringify(error), 'utf8')));
  }
  writeAll(frame(kind, payload));
}

/**
 * Result rows, in one frame: observations float32 [N×obsSize], rewards float32 [N],
 * masks uint8 [N×n], then per copy a flag byte (bit 0 terminated, bit 1 truncated, both where
 * a TimeLimit ends an episode at the step that terminates it, as Gymnasium's TimeLimit says; bit 2
 * stayed, with make's illegal "stay"). The VectorEnv is made over views of the frame, so a step
 * writes its observations, rewards, masks and flags straight into the frame that is sent; same-step's
 * last observations and masks too, packed after the flags.
 */
function allocate(
  config: EnvConfig,
  num: number,
  settings: {
    vector: boolean;
    autoreset: AutoresetMode;
    redeal: boolean;
    timeLimit: number;
    firstCopy: number;
    stay: boolean;
  },
): Copies {
  const { vector } = settings;
  const sameStep = settings.autoreset === 'same-step';
  const n = config.game.numActions(config.options);
  const obsSize = config.game.observationSize(config.options);
  const obsBytes = num * obsSize * 4;
  const body = 4 + obsBytes + num * 4 + num * n + num;
  const rowsBytes = (4 + body + 3) & ~3;
  const out = Buffer.alloc(sameStep ? rowsBytes + obsBytes + num * n : 4 + body);
  // The largest frame a step can send: the rows, same-step's last rows, and at most 64 bytes of outcome a copy.
  if (out.length + 64 * num > MAX_FRAME_BYTES)
    throw new TengymError(
      'bad-argument',
      `${num} copies of ${config.id} make frames of ${out.length + 64 * num} bytes, more than the ` +
        `${MAX_FRAME_BYTES} a frame may hold: spread them over more processes, or use fewer copies`,
    );
  out.writeUInt32LE(body, 0);
  out.writeUInt32LE(KIND_ROWS >>> 0, 4);
  const base = out.byteOffset + 8;
  const lastMasksAt = rowsBytes + obsBytes;
  const c: Copies = {
    vec: undefined as unknown as VectorEnv,
    envs: [],
    n,
    obsSize,
    vector,
    sameStep,
    redeal: vector || settings.redeal,
    firstCopy: settings.firstCopy,
    scratch: null,
    out,
    rowsBytes,
    lastMasksAt,
    stepActions: null,
    dealt: new Uint8Array(num),
    attached: new Map(),
    agentSeeds: new Float64Array(num),
    agentDeals: new Float64Array(num),
  };
  c.vec = new VectorEnv(config, num, {
    autoreset: settings.autoreset,
    maxEpisodeSteps: settings.timeLimit,
    illegalAction: settings.stay ? 'stay' : 'raise',
    deadDeals: c.redeal ? 'redeal' : 'keep',
    finalRows: 'packed',
    onDeal: (i, seed) => dealtCopy(c, i, seed),
    buffers: {
      observations: new Float32Array(out.buffer, base, num * obsSize),
      rewards: new Float32Array(out.buffer, base + obsBytes, num),
      masks: new Uint8Array(out.buffer, base + obsBytes + num * 4, num * n),
      flags: new Uint8Array(out.buffer, base + obsBytes + num * 4 + num * n, num),
      ...(sameStep
        ? {
            finalObservations: new Float32Array(out.buffer, out.byteOffset + rowsBytes, num * obsSize),
            finalMasks: new Uint8Array(out.buffer, out.byteOffset + lastMasksAt, num * n),
          }
        : {}),
    },
  });
  c.envs = c.vec.envs;
  return c;
}

/**
 * Copy i was dealt (a reset, an autoreset): a seeded deal is deal 0 of its seed, an unseeded one the next deal, as one
 * env counts them; its agents are reset for it.
 */
function dealtCopy(c: Copies, i: number, seed: number | undefined): void {
  c.dealt[i] = 1;
  if (seed !== undefined) [c.agentSeeds[i], c.agentDeals[i]] = [seed, 0];
  else c.agentDeals[i]++;
  if (c.attached.size > 0) resetCopyAgents(c, i);
}

/** What the catalogue says of an agent: its name, description, fairness, and whether it is a ceiling. */
function agentInfo(env: EnvConfig, name: string): AgentInfo {
  return agentsFor(env).find((a) => a.name === name)!;
}

/** Catalogue agents made once per engine process for `play` (Python sends a range of deals in several messages). */
const playing = new Map<string, Agent>();

function playingAgent(name: string, env: EnvConfig): Agent {
  const key = JSON.stringify([name, env.id, env.options]);
  let agent = playing.get(key);
  if (!agent) {
    agent = createAgent(name, env);
    playing.set(key, agent);
  }
  return agent;
}

/** A message's agent name: a string, or a TengymError saying what was sent. */
function agentName(value: unknown): string {
  if (typeof value !== 'string')
    throw new TengymError(
      'bad-argument',
      `agent must be an agent's name (a string), got ${JSON.stringify(value) ?? String(value)}`,
    );
  return value;
}

/** A deal index of `play`: an integer from 0 to MAX_EVAL_EPISODES. */
function dealIndex(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_EVAL_EPISODES)
    throw new TengymError(
      'bad-argument',
      `play: ${what} must be an integer from 0 to ${MAX_EVAL_EPISODES}, got ${JSON.stringify(value)}`,
    );
  return value;
}

/** The one env `act` answers for: a vector's copies are asked all at once (`actions`). */
function oneEnv(c: Copies, cmd: string): Env {
  if (c.vector || c.envs.length !== 1)
    throw new TengymError(
      'bad-argument',
      `${cmd}: one env's agent; a vector of copies answers every copy's action with "actions"`,
    );
  return c.envs[0];
}

/**
 * Resets copy i's attached agents for the game it now holds (a deal or a loaded state), with `seed` or the one derived
 * from its deals, and shows them that state.
 */
function resetCopyAgents(c: Copies, i: number, seed = deriveSeed(c.agentSeeds[i], c.agentDeals[i])): void {
  for (const agents of c.attached.values()) agents[i].reset(seed);
  showCopy(c, i);
}

/**
 * Shows copy i's attached agents its state: an agent that remembers must see every state of a game (an ended one has
 * nothing left to choose).
 */
function showCopy(c: Copies, i: number): void {
  const e = c.envs[i];
  if (!e.running) return;
  for (const agents of c.attached.values()) agents[i].observe?.(e);
}

/**
 * The attached agents of that name, one a copy, attached now (each reset as at its copy's last reset, shown its state)
 * if they were not; with `attached` when they were attached now.
 */
function attachAgent(c: Copies, name: string): { agents: Agent[]; attached: AgentInfo | null } {
  const agents = c.attached.get(name);
  if (agents) return { agents, attached: null };
  const config = envConfig(c.envs[0].id, c.envs[0].options);
  const made = c.envs.map((e, i) => {
    const agent = createAgent(name, config);
    agent.reset(deriveSeed(c.agentSeeds[i], c.agentDeals[i]));
    if (e.running) agent.observe?.(e);
    return agent;
  });
  c.attached.set(name, made);
  return { agents: made, attached: agentInfo(config, name) };
}

/** A message's list of one value a copy (`what` says which), checked by `check`: null leaves that copy out. */
function perCopy<T>(c: Copies, value: unknown, cmd: string, what: string, check: (v: unknown) => T): (T | null)[] {
  if (!Array.isArray(value) || value.length !== c.envs.length)
    throw new TengymError(
      'bad-argument',
      `${cmd}: ${what} must be a list of ${c.envs.length} (one a copy), got ${JSON.stringify(value) ?? String(value)}`,
    );
  return value.map((v) => (v === null ? null : check(v)));
}

/** A reset's seed and deck tried on a scratch env, so that a bad one is refused before any copy is dealt. */
function checkDeal(c: Copies, scratch: Env, seed: number | undefined, deck: unknown, copy: string): void {
  try {
    scratch.reset({ seed: seed ?? 0, ...(deck !== undefined ? { deck: deck as never } : {}) });
  } catch (e) {
    throw copy && e instanceof TengymError ? new TengymError(e.code, copy + e.message) : e;
  }
  // A deck given is that deal or nothing: where dead deals are redealt, one with no move is refused, not replaced.
  if (deck !== undefined && c.redeal && !scratch.running)
    throw new TengymError(
      'bad-deck',
      `${copy}reset: this deck deals no legal move, and a reset never returns an episode that is ` +
        `already over${c.vector ? '' : " (dead_deals='keep' returns it, over at reset)"}`,
    );
}

function need(): Copies {
  if (!copies) throw new TengymError('bad-argument', 'no env made yet: send "make" first');
  return copies;
}

function handleJson(msg: Record<string, unknown>): void {
  switch (msg.cmd) {
    case 'hello':
      setSpin(msg.spinMicros);
      setShared(msg.sharedFd);
      return sendJson(KIND_JSON, { tengym: ENGINE_VERSION, protocol: PROTOCOL });
    case 'list':
      return sendJson(KIND_JSON, {
        ids: envIds(),
        envs: envs().map((e) => ({
          id: e.id,
          actions: e.actions,
          observationSize: e.observationSize,
          defaults: e.defaults,
          result: e.result,
        })),
      });
    case 'make': {
      const num = msg.num === undefined ? 1 : msg.num;
      if (typeof num !== 'number' || !Number.isInteger(num) || num < 1 || num > 1 << 20)
        throw new TengymError(
          'bad-argument',
          `num_envs must be an integer from 1 to ${1 << 20} per engine process (processes=N spreads more), ` +
            `got ${JSON.stringify(num)}`,
        );
      // The id as sent: envConfig refuses one that is not a string (String(["tens"]) would have been "tens").
      const config = envConfig(msg.id as string, msg.options ?? {});
      const autoreset = msg.autoreset === undefined ? 'next-step' : msg.autoreset;
      if (autoreset !== 'next-step' && autoreset !== 'same-step' && autoreset !== 'disabled')
        throw new TengymError(
          'bad-argument',
          `autoreset must be "next-step", "same-step" or "disabled", got ${JSON.stringify(autoreset)}`,
        );
      const vector = msg.vector === true;
      const timeLimit = msg.timeLimit === undefined || msg.timeLimit === null ? 0 : msg.timeLimit;
      if (
        typeof timeLimit !== 'number' ||
        !Number.isInteger(timeLimit) ||
        timeLimit < 0 ||
        timeLimit > MAX_EPISODE_STEPS_LIMIT
      )
        throw new TengymError(
          'bad-argument',
          `max_episode_steps must be a positive integer of at most ${MAX_EPISODE_STEPS_LIMIT}, got ` +
            JSON.stringify(timeLimit),
        );
      if (timeLimit > 0 && !vector)
        throw new TengymError(
          'bad-argument',
          "timeLimit is for a vector of copies (one env is wrapped in Gymnasium's TimeLimit)",
        );
      const illegal = msg.illegal === undefined ? 'raise' : msg.illegal;
      if (illegal !== 'raise' && illegal !== 'stay')
        throw new TengymError(
          'bad-argument',
          `illegal_action must be "raise" or "stay", got ${JSON.stringify(illegal)}`,
        );
      const firstCopy = msg.firstCopy === undefined ? 0 : msg.firstCopy;
      if (typeof firstCopy !== 'number' || !Number.isInteger(firstCopy) || firstCopy < 0)
        throw new TengymError('bad-argument', `firstCopy must be a copy number, got ${JSON.stringify(firstCopy)}`);
      copies = allocate(config, num, {
        vector,
        autoreset: vector ? autoreset : 'disabled',
        redeal: msg.redeal === true,
        timeLimit,
        firstCopy,
        stay: illegal === 'stay',
      });
      const bounds = typeof config.game.observationBounds === 'function' ? copies.envs[0].observationBounds() : null;
      const observationBounds = bounds && { low: Array.from(bounds.low), high: Array.from(bounds.high) };
      return sendJson(KIND_JSON, {
        id: config.id,
        options: config.options,
        actions: copies.n,
        observationSize: copies.obsSize,
        observationBounds,
        num,
      });
    }
    case 'reset': {
      const c = need();
      const seed = msg.seed as number | undefined;
      // seeds: one per copy (null: unseeded), as Stable-Baselines3's VecEnv.seed gives them.
      const seeds = msg.seeds as (number | null)[] | undefined;
      if (seeds !== undefined && (!Array.isArray(seeds) || seeds.length !== c.envs.length))
        throw new TengymError('bad-seed', `reset: seeds must be a list of ${c.envs.length} seed(s) or nulls`);
      const seedOf = (i: number): number | undefined =>
        seeds !== undefined ? (seeds[i] ?? undefined) : seed !== undefined ? seed + i : undefined;
      // mask: which copies to reset (Gymnasium's options["reset_mask"]); the others keep their episode, a pending
      // autoreset included.
      const mask = msg.mask as boolean[] | undefined;
      if (
        mask !== undefined &&
        (!Array.isArray(mask) || mask.length !== c.envs.length || !mask.every((m) => typeof m === 'boolean'))
      )
        throw new TengymError('bad-argument', `reset: mask must be a list of ${c.envs.length} booleans`);
      if (mask !== undefined && !c.vector)
        throw new TengymError('bad-argument', 'reset: a mask is for a vector of copies');
      if (msg.deck !== undefined && c.envs.length !== 1)
        throw new TengymError(
          'bad-argument',
          'reset: a deck is for one env; a vector of copies takes decks, one a copy',
        );
      // decks: one per copy (null: none), as a vector of single envs deals the deck in each copy's reset options.
      const decks = msg.decks as unknown[] | undefined;
      if (decks !== undefined && (!Array.isArray(decks) || decks.length !== c.envs.length))
        throw new TengymError('bad-deck', `reset: decks must be a list of ${c.envs.length} deck(s) or nulls`);
      const deckOf = (i: number): unknown => (decks !== undefined ? (decks[i] ?? undefined) : msg.deck);
      // Checked on a scratch env first, so a bad seed or deck leaves every copy as it was.
      // Made once, not at every seeded reset: making an env costs more than dealing one.
      const scratch =
        seed !== undefined || msg.deck !== undefined || seeds !== undefined || decks !== undefined
          ? (c.scratch ??= make(envConfig(c.envs[0].id, c.envs[0].options)))
          : null;
      if (scratch && (seed !== undefined || msg.deck !== undefined)) checkDeal(c, scratch, seed, msg.deck, '');
      if (scratch && seeds !== undefined) for (const s of seeds) if (s !== null) scratch.reset({ seed: s });
      if (scratch && decks !== undefined)
        for (let i = 0; i < decks.length; i++)
          if (decks[i] !== null) checkDeal(c, scratch, undefined, decks[i], `copy ${c.firstCopy + i}: `);
      // check: the seeds and decks only, so that copies over several engine processes are all checked before any is
      // dealt.
      if (msg.check === true) return sendJson(KIND_JSON, null);
      for (let i = 0; i < c.envs.length; i++) {
        if (mask !== undefined && !mask[i]) continue;
        const s = seedOf(i);
        const deck = deckOf(i);
        c.vec.resetCopy(i, {
          ...(s !== undefined ? { seed: s } : {}),
          ...(deck !== undefined ? { deck: deck as never } : {}),
        });
      }
      return writeRows(c, 0, 0);
    }
    case 'getState': {
      const c = need();
      return sendJson(
        KIND_JSON,
        c.envs.map((e) => e.getState()),
      );
    }
    case 'setState': {
      const c = need();
      const states = msg.states as unknown[];
      if (!Array.isArray(states) || states.length !== c.envs.length)
        throw new TengymError('bad-state', `bad state: expected ${c.envs.length} state(s)`);
      // All checked on clones first: a bad one changes no copy.
      c.vec.setStates(states);
      for (let i = 0; i < c.envs.length; i++) {
        // A loaded state is a game the attached agents did not see: they start it afresh.
        c.agentDeals[i]++;
        if (c.attached.size > 0) resetCopyAgents(c, i);
      }
      return writeRows(c, 0, 0);
    }
    case 'getStays': {
      const c = need();
      return sendJson(
        KIND_JSON,
        c.envs.map((_, i) => c.vec.stayCounts(i)),
      );
    }
    case 'setStays': {
      const c = need();
      const counts = perCopy(c, msg.counts, 'setStays', 'counts', (v) => v);
      // Checked on the first pass, set on the second: a bad one changes no copy.
      const before = c.envs.map((_, i) => c.vec.stayCounts(i));
      try {
        counts.forEach((v, i) => {
          if (v !== null) c.vec.setStayCounts(i, v as ReturnType<VectorEnv['stayCounts']>);
        });
      } catch (e) {
        before.forEach((v, i) => c.vec.setStayCounts(i, v));
        throw e;
      }
      return sendJson(KIND_JSON, null);
    }
    case 'render': {
      const c = need();
      return sendJson(
        KIND_JSON,
        c.envs.map((e) => e.render()),
      );
    }
    case 'info': {
      const c = need();
      return sendJson(
        KIND_JSON,
        c.envs.map((e) => ({
          outcome: e.hasStarted ? e.outcome() : null,
          steps: e.episodeSteps,
          return: e.episodeReturn,
          legal: e.hasStarted ? e.legalActions().map((a) => [a, e.describeAction(a)]) : [],
        })),
      );
    }
    case 'agents': {
      return sendJson(KIND_JSON, agentsFor(envConfig(msg.id as string, msg.options ?? {})));
    }
    case 'play': {
      const config = envConfig(msg.id as string, msg.options ?? {});
      const name = agentName(msg.agent);
      const seed = validateSeed(msg.seed);
      const from = dealIndex(msg.from, 'from');
      const to = dealIndex(msg.to, 'to');
      if (to <= from) throw new TengymError('bad-argument', `play: deals from ${from} to ${to} is none`);
      checkSeedFits(seed, to, `episodes ${to}`);
      // The options as played (the id's preset and defaults filled in), as tengym eval's report gives them: two records
      // of the same deals say the same options however they were spelt.
      return sendJson(KIND_JSON, {
        ...dealRecords(playAgent(config, playingAgent(name, config), seed, from, to), config.game.result),
        options: config.options,
      });
    }
    case 'attach': {
      const c = need();
      const name = agentName(msg.agent);
      attachAgent(c, name);
      return sendJson(KIND_JSON, agentInfo(envConfig(c.envs[0].id, c.envs[0].options), name));
    }
    case 'act': {
      const c = need();
      const name = agentName(msg.agent);
      const e = oneEnv(c, 'act');
      if (!e.hasStarted)
        throw new TengymError('not-reset', `agent "${name}": the env has not been dealt yet; call reset() first`);
      if (!e.running)
        throw new TengymError('episode-over', `agent "${name}": the episode is over; call reset() for the next`);
      const { agents, attached } = attachAgent(c, name);
      return sendJson(KIND_JSON, { action: agents[0].act(e), attached });
    }
    case 'actions': {
      // Every copy's action (those of `mask`, SB3's indices, when given); -1 for a copy not asked or whose episode is
      // over (next-step, its action is ignored).
      const c = need();
      const name = agentName(msg.agent);
      const mask =
        msg.mask === undefined
          ? null
          : perCopy(c, msg.mask, 'actions', 'mask', (m) => {
              if (typeof m !== 'boolean')
                throw new TengymError(
                  'bad-argument',
                  `actions: mask must be a list of ${c.envs.length} booleans, got ${JSON.stringify(msg.mask)}`,
                );
              return m;
            });
      if (!c.envs.every((e) => e.hasStarted))
        throw new TengymError('not-reset', `agent "${name}": the copies have not been dealt yet; call reset() first`);
      const { agents, attached } = attachAgent(c, name);
      // ended: a TimeLimit or stays may have ended an episode the game itself would go on with.
      const actions = c.envs.map((e, i) =>
        (mask && !mask[i]) || c.vec.ended[i] || !e.running ? -1 : agents[i].act(e),
      );
      return sendJson(KIND_JSON, { actions, attached });
    }
    case 'resetAgents': {
      // seed: every copy's agents; seeds: one a copy (null: that copy's are left as they are). Checked before any agent
      // is reset.
      const c = need();
      const seeds =
        msg.seeds !== undefined
          ? perCopy(c, msg.seeds, 'resetAgents', 'seeds', (s) => validateSeed(s, 'agent seed'))
          : c.envs.map(() => validateSeed(msg.seed, 'agent seed'));
      seeds.forEach((s, i) => {
        if (s !== null) resetCopyAgents(c, i, s);
      });
      return sendJson(KIND_JSON, [...c.attached.keys()]);
    }
    default:
      throw new TengymError('bad-argument', `unknown engine command ${JSON.stringify(msg.cmd)}`);
  }
}

/** Steps every copy with actions[at + i] (a view of the input buffer, made once, so a step allocates nothing). */
function handleStep(words: Int32Array, at: number, count: number): void {
  const c = need();
  if (count !== c.envs.length)
    throw new TengymError('bad-action', `step: expected ${c.envs.length} action(s), got ${count}`);
  let actions = c.stepActions;
  if (actions === null || actions.buffer !== words.buffer || actions.byteOffset !== words.byteOffset + 4 * at) {
    actions = c.stepActions = words.subarray(at, at + count);
  }
  // One env before its first reset: the error its step gives.
  if (!c.envs[0].hasStarted) c.envs[0].assertLegal(actions[0]);
  c.dealt.fill(0);
  try {
    c.vec.step(actions);
  } catch (e) {
    // Which copy (numbered as the caller numbers them, across processes), in a vector; one env's step says no copy.
    if (e instanceof CopyActionError)
      throw new TengymError(e.code, c.vector ? `copy ${c.firstCopy + e.copy}: ${e.reason} (no copy moved)` : e.reason);
    throw e;
  }
  if (c.attached.size > 0) {
    // The copy's agents see the state its move reached (a deal has shown them the next game's first already).
    for (let i = 0; i < count; i++) if (!c.dealt[i] && !(c.vec.flags[i] & FLAG_STAYED)) showCopy(c, i);
  }
  writeRows(c, c.sameStep ? c.vec.endedCount : 0, c.vec.endedCount);
}

/**
 * Large rows frames skip the pipe: the Python side hands the engine (at hello) a file in
 * /dev/shm, already unlinked, that it maps; the engine writes the frame at its start with one
 * pwrite and sends only its length. A 256-copy decade frame (721 KB) costs the engine about
 * 120 µs that way against about 200 µs written into a pipe, and Python reads it in place.
 */
const SHARED_MIN_BYTES = 1 << 15;
let sharedFd = -1;
/** The file's size: the longest frame written to it whole (Python maps no more than that). */
let sharedBytes = 0;
const sharedNote = Buffer.alloc(12);
sharedNote.writeUInt32LE(8, 0);
sharedNote.writeUInt32LE(KIND_SHARED >>> 0, 4);

function setShared(fd: unknown): void {
  sharedFd = typeof fd === 'number' && Number.isInteger(fd) && fd > 2 ? fd : -1;
}

/**
 * The frame written at the start of the shared file, or false when the file cannot grow to hold
 * it (a full /dev/shm: Docker gives a container 64 MB). Then this frame and every later one go
 * through the pipe, and what the failed write added to the file is given back, down to the size
 * Python may have mapped.
 */
function writeShared(out: Buffer, length: number, tail: Buffer | null): boolean {
  try {
    for (let off = 0; off < length; ) off += writeSync(sharedFd, out, off, length - off, off);
    if (tail)
      for (let off = 0; off < tail.length; ) off += writeSync(sharedFd, tail, off, tail.length - off, length + off);
  } catch {
    try {
      ftruncateSync(sharedFd, sharedBytes);
    } catch {
      // Those pages stay the file's until the engine exits; the frames go through the pipe all the same.
    }
    sharedFd = -1;
    return false;
  }
  sharedBytes = Math.max(sharedBytes, length + (tail?.length ?? 0));
  return true;
}

const OUTCOME_COLUMNS = 0x43; // 'C'
const OUTCOME_JSON = 0x4a; // 'J'
/** The largest integer a column carries: JSON writes a larger one as its shortest digits, not as the double's value. */
const MAX_COLUMN_INTEGER = 2 ** 53;
/** A type byte of the outcome columns (0: absent): the value's type as Python's JSON reading of it would give it. */
const BOOLEAN = 1;
const INTEGER = 2;
const REAL = 3;

/** Whether an outcome's value goes into a column exactly as JSON would give it to Python. */
function columnValue(v: unknown): v is number | boolean {
  return (
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v) && (!Number.isInteger(v) || Math.abs(v) <= MAX_COLUMN_INTEGER))
  );
}

/** The keys JSON of the last frame, reused while the outcomes' keys stay the same (a game's always do). */
let lastKeys: string[] = [];
let lastKeysJson = Buffer.from('[]');

/**
 * The outcomes of the first `count` episodes a step ended, written after the rows at frame offset `at`, as columns:
 *   'C' 0 0 0 | uint32 count | uint32 L | the keys as a JSON array of L bytes, in the order JSON would first give each
 *   | uint8 [count], 1 for an outcome, 0 for a null one | uint8 [keys×count] each value's type (0 absent, 1 boolean,
 *   2 integer, 3 other number) | zeros to an 8-byte boundary of the frame | float64 [keys×count] the values (0 absent)
 * or, should a value be one a column cannot give back as JSON would (not a boolean or a finite number, or an integer
 * beyond 2^53) or an outcome's keys come in another order than the columns', as 'J' 0 0 0 and the JSON array of
 * protocol 12.
 */
function outcomeTail(outcomes: readonly (Outcome | null)[], count: number, at: number): Buffer {
  const keys: string[] = [];
  const index = new Map<string, number>();
  for (let e = 0; e < count; e++) {
    const o = outcomes[e];
    if (o === null) continue;
    // Object.keys: the keys JSON.stringify writes, in its order. An outcome whose keys come in another order than
    // the columns' (a game's never do) is sent as JSON, which keeps its order.
    let last = -1;
    for (const key of Object.keys(o)) {
      if (!columnValue(o[key])) return jsonTail(outcomes, count);
      let j = index.get(key);
      if (j === undefined) {
        j = keys.push(key) - 1;
        index.set(key, j);
      } else if (j < last) return jsonTail(outcomes, count);
      last = j;
    }
  }
  if (keys.length !== lastKeys.length || keys.some((k, j) => k !== lastKeys[j])) {
    lastKeys = keys;
    lastKeysJson = Buffer.from(JSON.stringify(keys));
  }
  const codesAt = 12 + lastKeysJson.length + count;
  const valuesAt = codesAt + keys.length * count;
  const pad = (8 - ((at + valuesAt) & 7)) & 7;
  const tail = Buffer.alloc(valuesAt + pad + 8 * keys.length * count);
  tail[0] = OUTCOME_COLUMNS;
  tail.writeUInt32LE(count, 4);
  tail.writeUInt32LE(lastKeysJson.length, 8);
  lastKeysJson.copy(tail, 12);
  for (let e = 0; e < count; e++) {
    const o = outcomes[e];
    if (o === null) continue;
    tail[codesAt - count + e] = 1;
    for (const key of Object.keys(o)) {
      const j = index.get(key)!;
      const v = o[key];
      tail[codesAt + j * count + e] = typeof v === 'boolean' ? BOOLEAN : Number.isInteger(v) ? INTEGER : REAL;
      // -0 as 0: JSON writes it so.
      tail.writeDoubleLE(v === 0 ? 0 : +v, valuesAt + pad + 8 * (j * count + e));
    }
  }
  return tail;
}

/** The outcomes as protocol 12 sent them, a JSON array, behind 'J' 0 0 0. */
function jsonTail(outcomes: readonly (Outcome | null)[], count: number): Buffer {
  const json = Buffer.from(JSON.stringify(outcomes.slice(0, count)));
  const tail = Buffer.alloc(4 + json.length);
  tail[0] = OUTCOME_JSON;
  json.copy(tail, 4);
  return tail;
}

/**
 * The rows frame, with `lastRows` same-step last observations after the flags, then their masks
 * (uint8 [lastRows×n]), then the outcomes of the `outcomes` episodes the step ended (none:
 * nothing; see outcomeTail). The outcomes are written after the rows, not copied with them: a
 * 256-copy frame is 721 KB.
 */
function writeRows(c: Copies, lastRows: number, outcomes: number): void {
  const masksAt = c.rowsBytes + lastRows * c.obsSize * 4;
  const length = c.sameStep ? masksAt + lastRows * c.n : c.out.length;
  // Moved within the frame, no view made for it (with every copy ended they are already in place).
  if (c.sameStep && lastRows > 0) c.out.copyWithin(masksAt, c.lastMasksAt, c.lastMasksAt + lastRows * c.n);
  const tail = outcomes === 0 ? null : outcomeTail(c.vec.endedOutcomes, outcomes, length);
  const total = length + (tail?.length ?? 0);
  c.out.writeUInt32LE(total - 4, 0);
  if (sharedFd >= 0 && total >= SHARED_MIN_BYTES && writeShared(c.out, length, tail)) {
    sharedNote.writeUInt32LE(total, 8);
    return writeAll(sharedNote);
  }
  // Through the pipe, one write (Python reads a frame in one read): a small frame copied with its tail, a large one in
  // two.
  if (tail && total < SHARED_MIN_BYTES) return writeAll(Buffer.concat([c.out.subarray(0, length), tail]));
  writeAll(c.out.subarray(0, length));
  if (tail) writeAll(tail);
}

function main(): void {
  if (process.argv.includes('--list')) {
    // Each id's result declaration (`Game.result` as JSON), which the Python package's outcomes, records and paired
    // comparisons follow, so that it names no game's figures.
    const results = Object.fromEntries(envs().map((e) => [e.id, e.result]));
    process.stdout.write(
      JSON.stringify({ tengym: ENGINE_VERSION, protocol: PROTOCOL, ids: envIds(), limits, results }) + '\n',
    );
    return;
  }
  // One read per frame: the Python side writes each frame with one write and waits for the
  // answer before the next, so a read returns one whole frame (the loop handles any split).
  let buf = Buffer.alloc(1 << 16);
  let words = new Int32Array(buf.buffer, buf.byteOffset, buf.length >> 2);
  let end = 0;
  for (;;) {
    // The header is checked before its length is trusted: only the Python side writes to this pipe.
    while (end < 8) {
      const n = readChunk(buf, end);
      if (n === 0) return;
      end += n;
    }
    checkHeader(buf);
    const length = buf.readUInt32LE(0);
    if (4 + length > buf.length) {
      const bigger = Buffer.alloc(Math.max(2 * buf.length, 4 + length));
      buf.copy(bigger, 0, 0, end);
      buf = bigger;
      words = new Int32Array(buf.buffer, buf.byteOffset, buf.length >> 2);
    }
    while (end < 4 + length) {
      const n = readChunk(buf, end);
      if (n === 0) return;
      end += n;
    }
    const kind = buf[4];
    try {
      if (kind === STEP_BYTE) {
        handleStep(words, 2, (length - 4) >> 2);
      } else if (kind === JSON_BYTE) {
        const msg: unknown = JSON.parse(buf.toString('utf8', 8, 4 + length));
        if (!isPlainObject(msg)) throw new Error(`a JSON frame must hold an object, got ${showValue(msg)}`);
        handleJson(msg);
      } else {
        throw new Error(`unknown frame kind ${kind}`);
      }
    } catch (e) {
      if (isTengymError(e)) sendJson(KIND_ERROR, { code: e.code, message: e.message });
      else sendJson(KIND_ERROR, { code: 'internal', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
    // A frame that came with the next one's start (never, with the Python side's one request at a time) moves down.
    const used = 4 + length;
    if (end > used) buf.copy(buf, 0, used, end);
    end -= used;
  }
}

/** Ends the engine, saying why on stderr, when its stdin holds something other than a frame. */
function checkHeader(buf: Buffer): void {
  const length = buf.readUInt32LE(0);
  if ((buf.readUInt32LE(4) & 0xffffff00) >>> 0 === FRAME_MARK >>> 0 && length >= 4 && length <= MAX_FRAME_BYTES) return;
  process.stderr.write(
    `tengym engine: its stdin holds something other than a frame of protocol ${PROTOCOL} ` +
      `(${JSON.stringify(buf.toString('latin1', 0, 8))}); the engine is spoken to by the tengym Python package ` +
      'of its own version alone\n',
  );
  process.exit(2);
}

/**
 * Waiting for the next frame: a blocked read is woken by the kernel when Python writes, and on
 * an idle machine (a virtual one most of all) that wake-up costs tens of microseconds, more than
 * a step. So while frames come quickly the engine first polls a non-blocking handle on the same
 * pipe for up to `spinMicros` (set by the hello frame; 0 turns it off), then blocks. A wait
 * that outlasts twice the window (Python busy with a policy, or idle) stops the polling until
 * a blocked wait is short again, so a slow caller costs no spun CPU. Linux only: there, opening
 * /proc/self/fd/0 gives the pipe a second, non-blocking open file; elsewhere the engine blocks.
 */
let spinMicros = 0;
let spinFd = -1;
let spinning = true;

function setSpin(value: unknown): void {
  const micros = typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(value, 10_000)) : 0;
  if (micros > 0 && spinFd < 0 && process.platform === 'linux') {
    try {
      spinFd = openSync('/proc/self/fd/0', constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      spinFd = -1;
    }
  }
  spinMicros = spinFd >= 0 ? micros : 0;
  if (spinMicros === 0 && spinFd >= 0) {
    closeSync(spinFd);
    spinFd = -1;
  }
}

/** One read of stdin into buf from `at`; 0 at end of file (the parent gone). */
function readChunk(buf: Buffer, at: number): number {
  const start = spinMicros > 0 ? performance.now() : 0;
  if (spinMicros > 0 && spinning) {
    const until = start + spinMicros / 1000;
    do {
      try {
        return readSync(spinFd, buf, at, buf.length - at, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      }
    } while (performance.now() < until);
  }
  for (;;) {
    try {
      const n = readSync(0, buf, at, buf.length - at, null);
      if (spinMicros > 0) spinning = performance.now() - start < (2 * spinMicros) / 1000;
      return n;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((e as NodeJS.ErrnoException).code === 'EOF') return 0;
      throw e;
    }
  }
}

main();
