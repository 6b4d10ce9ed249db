/**
 * A teacher's per-move scores for many positions at once, on every core (Node-only: worker
 * threads). Distillation (algorithms/distill.ts) asks for the labels of all its copies' decisions
 * each round; this thread labels the first share of them and each worker the next, so labelling,
 * most of a distillation's time, runs on all the machine's cores.
 *
 * A label is the teacher's own `score` of the position, the teacher re-seeded first with the
 * position's seed: the same numbers in whichever thread it is computed and whatever was labelled
 * before (tests compare both ways). Positions travel as `getState()` JSON, which holds everything
 * a player sees and the deal, so a worker's env is the copy's; with 'deck-bottom' the player's
 * memory of the order under the stock, which no state holds, travels beside it and is given to
 * the teacher after its reset (`RemembersStock`).
 *
 * Workers exist only in the built package (dist/: teacher-labels-worker.js beside this file);
 * elsewhere, or when one fails to start, this thread labels everything, with the same results.
 * The exchange is synchronous: the request goes through a MessagePort, Atomics wake the worker,
 * and the answer is read with `receiveMessageOnPort`, so a round's labels are ready when `label`
 * returns, as in one thread.
 */
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Agent, ScoredAction } from '../../../agents/agent.js';
import { remembersStock, type Remembered } from '../agents/memory.js';
import { createAgent } from '../../../agents/index.js';
import type { Env } from '../../../env/env.js';
import { TengymError } from '../../../env/errors.js';
import { make } from '../../../env/registry.js';

/** Control words: [0] rounds asked, [1] rounds done, [2] 1 when the worker is ready (−1: it failed). */
export const ASKED = 0;
export const DONE = 1;
export const READY = 2;

export interface LabelWorkerSetup {
  envId: string;
  options: Record<string, unknown>;
  teacher: string;
  control: SharedArrayBuffer;
  port: MessagePort;
}

/**
 * One position to label: its state, the seed the teacher is reset with, and what the player remembers of the stock (or
 * null).
 */
export interface LabelJob {
  state: unknown;
  seed: number;
  memory: Remembered | null;
}

/** The teacher's scores, best first, as its `score` gives them. */
export type Labels = ScoredAction[];

/** The teacher's scores for `env`, reset with `seed` first, remembering `memory` of the stock if given. */
export function labelPosition(teacher: Agent, env: Env, seed: number, memory: Remembered | null = null): Labels {
  teacher.reset(seed);
  if (memory !== null) {
    if (!remembersStock(teacher))
      throw new TengymError(
        'bad-argument',
        `teacher "${teacher.name}" cannot be told what the player remembers of the stock`,
      );
    teacher.restoreMemory(env, memory);
  }
  const scores = teacher.score!(env);
  if (scores.kind !== 'win-probability')
    throw new TengymError(
      'bad-argument',
      `teacher "${teacher.name}" scores moves as '${scores.kind}', not 'win-probability'`,
    );
  return scores.actions;
}

function workerUrl(): URL | null {
  return import.meta.url.endsWith('.js') ? new URL('./teacher-labels-worker.js', import.meta.url) : null;
}

/** How long the first round waits for a worker to start before labelling its share here. */
const READY_TIMEOUT_MS = 60_000;

interface LabelWorker {
  worker: Worker;
  port: MessagePort;
  control: Int32Array;
  asked: number;
}

export class TeacherLabels {
  readonly teacher: Agent;
  private workers: LabelWorker[] = [];

  /**
   * `workers`: threads besides this one (0: label here only). An unfair teacher, or one without `score`, is refused.
   */
  constructor(
    readonly envId: string,
    readonly options: Record<string, unknown>,
    readonly teacherName: string,
    workers: number,
  ) {
    try {
      this.teacher = createAgent(teacherName, envId, options);
    } catch (e) {
      // The config's teacher field named it: say so ("unknown agent" alone leaves the user to guess which field).
      if (e instanceof TengymError) throw new TengymError(e.code, `teacher "${teacherName}": ${e.message}`);
      throw e;
    }
    // Refused here, before any worker starts: a teacher must be fair and score every move.
    if (!this.teacher.fair)
      throw new TengymError(
        'bad-argument',
        `teacher "${teacherName}" sees the stock's order; a student that learns from it learns to guess what ` +
          `no player knows`,
      );
    if (!this.teacher.score) throw new TengymError('bad-argument', `teacher "${teacherName}" gives no per-move scores`);
    const url = workerUrl();
    if (url === null) return;
    for (let w = 0; w < workers; w++) {
      const control = new SharedArrayBuffer(16);
      const { port1, port2 } = new MessageChannel();
      const setup: LabelWorkerSetup = { envId, options, teacher: teacherName, control, port: port2 };
      const worker = new Worker(url, { workerData: setup, transferList: [port2] });
      worker.unref();
      const view = new Int32Array(control);
      worker.on('error', () => {
        Atomics.store(view, READY, -1);
        Atomics.notify(view, DONE);
      });
      this.workers.push({ worker, port: port1, control: view, asked: 0 });
    }
  }

  /** Threads that label, this one included. */
  get threads(): number {
    return 1 + this.workers.length;
  }

  /** The labels of `envs[k]` with `seeds[k]` (and `memories[k]`), in order: a share in each worker, the first here. */
  label(
    envs: readonly Env[],
    seeds: readonly number[],
    memories: readonly (Remembered | null)[] | null = null,
  ): Labels[] {
    const live = this.workers.filter((w) => this.ready(w));
    const share = Math.ceil(envs.length / (1 + live.length));
    const asked: [LabelWorker, number, number][] = [];
    live.forEach((w, k) => {
      const from = share * (k + 1);
      const to = Math.min(envs.length, from + share);
      if (from >= to) return;
      const jobs: LabelJob[] = [];
      for (let i = from; i < to; i++)
        jobs.push({ state: envs[i].getState(), seed: seeds[i], memory: memories?.[i] ?? null });
      w.port.postMessage(jobs);
      w.asked++;
      Atomics.store(w.control, ASKED, w.asked);
      Atomics.notify(w.control, ASKED);
      asked.push([w, from, to]);
    });
    const out: Labels[] = new Array(envs.length);
    const mine = Math.min(envs.length, share);
    const labelHere = (i: number) => labelPosition(this.teacher, envs[i], seeds[i], memories?.[i] ?? null);
    for (let i = 0; i < mine; i++) out[i] = labelHere(i);
    for (const [w, from, to] of asked) {
      const answer = this.answer(w);
      if (answer === null) for (let i = from; i < to; i++) out[i] = labelHere(i);
      else for (let i = from; i < to; i++) out[i] = answer[i - from];
    }
    return out;
  }

  /** Whether worker `w` is there (waiting for it to start the first time). */
  private ready(w: LabelWorker): boolean {
    if (Atomics.load(w.control, READY) === 0) Atomics.wait(w.control, READY, 0, READY_TIMEOUT_MS);
    if (Atomics.load(w.control, READY) === 1) return true;
    this.drop(w);
    return false;
  }

  /** Worker `w`'s labels of the round it was asked, or null if it failed (its share is then labelled here). */
  private answer(w: LabelWorker): Labels[] | null {
    while (Atomics.load(w.control, DONE) < w.asked && Atomics.load(w.control, READY) === 1)
      Atomics.wait(w.control, DONE, w.asked - 1, 1000);
    const message = receiveMessageOnPort(w.port);
    if (Atomics.load(w.control, READY) !== 1 || message === undefined) {
      this.drop(w);
      return null;
    }
    const m = message.message as { labels: Labels[] } | { error: string };
    if ('error' in m) throw new TengymError('bad-argument', m.error);
    return m.labels;
  }

  private drop(w: LabelWorker): void {
    void w.worker.terminate();
    this.workers = this.workers.filter((x) => x !== w);
  }

  dispose(): void {
    for (const w of this.workers) void w.worker.terminate();
    this.workers = [];
  }
}

/** The worker's loop (teacher-labels-worker.ts runs it): wait for a round, label it, answer. */
export function serveLabels(setup: LabelWorkerSetup): void {
  const control = new Int32Array(setup.control);
  let teacher: Agent;
  let env: Env;
  try {
    teacher = createAgent(setup.teacher, setup.envId, setup.options);
    env = make(setup.envId, setup.options);
  } catch {
    Atomics.store(control, READY, -1);
    Atomics.notify(control, READY);
    return;
  }
  Atomics.store(control, READY, 1);
  Atomics.notify(control, READY);
  for (let round = 1; ; round++) {
    while (Atomics.load(control, ASKED) < round) Atomics.wait(control, ASKED, round - 1);
    const jobs = receiveMessageOnPort(setup.port)!.message as LabelJob[];
    try {
      setup.port.postMessage({
        labels: jobs.map((job) => {
          env.setState(job.state);
          return labelPosition(teacher, env, job.seed, job.memory);
        }),
      });
    } catch (e) {
      setup.port.postMessage({ error: e instanceof Error ? e.message : String(e) });
    }
    Atomics.store(control, DONE, round);
    Atomics.notify(control, DONE);
  }
}
