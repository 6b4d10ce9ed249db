/**
 * The page's side of its deals' worker (deal-worker.ts): each job sent to it answered by a promise, the worker started
 * at the first and sent the jobs once it has loaded. Where the worker cannot start (its script not loaded), the jobs
 * run in the page itself, one a task.
 */
import { doDealJob, type DealAnswer, type DealJob } from './deals.js';

interface Pending {
  job: DealJob;
  resolve(answer: DealAnswer): void;
  reject(error: Error): void;
}

/** A job dropped before its answer (`DealWork.abandon`): its promise rejects with this. */
export class Abandoned extends Error {}

export class DealWork {
  private worker: Worker | null = null;
  /** Whether the worker has loaded (said it is ready); until then its jobs wait here. */
  private ready = false;
  private waiting: number[] = [];
  /** The jobs sent to the worker and not answered yet. */
  private readonly sent = new Set<number>();
  private inPage = typeof Worker === 'undefined';
  private lastId = 0;
  private readonly pending = new Map<number, Pending>();

  /** The job's answer; rejects with the library's message where it refuses (no winnable deal among those tried). */
  run(job: DealJob): Promise<DealAnswer> {
    return new Promise((resolve, reject) => {
      const id = ++this.lastId;
      this.pending.set(id, { job, resolve, reject });
      if (this.inPage) setTimeout(() => this.runInPage(id), 0);
      else if (this.ready) this.send(id);
      else {
        this.start();
        this.waiting.push(id);
      }
    });
  }

  /**
   * Drops every job not answered yet (they reject with `Abandoned`). A worker doing one is stopped (the next job starts
   * another); one still loading loads on, its jobs dropped before they are sent.
   */
  abandon(): void {
    if (this.pending.size === 0) return;
    const dropped = [...this.pending.values()];
    this.pending.clear();
    this.waiting = [];
    if (this.sent.size > 0) {
      this.sent.clear();
      this.worker?.terminate();
      this.worker = null;
      this.ready = false;
    }
    for (const p of dropped) p.reject(new Abandoned('abandoned'));
  }

  private send(id: number): void {
    const p = this.pending.get(id);
    if (!p || !this.worker) return;
    this.sent.add(id);
    this.worker.postMessage({ id, job: p.job });
  }

  private start(): void {
    if (this.worker) return;
    const worker = new Worker(new URL('./deal-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ ready?: true; id: number; answer?: DealAnswer; error?: string }>) => {
      if (e.data.ready) {
        this.ready = true;
        for (const id of this.waiting) this.send(id);
        this.waiting = [];
        return;
      }
      this.sent.delete(e.data.id);
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      if (e.data.error !== undefined) p.reject(new Error(e.data.error));
      else p.resolve(e.data.answer!);
    };
    // The worker answers every job, a refusal included: an error here is its script that did not load.
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      this.worker = null;
      this.inPage = true;
      this.waiting = [];
      this.sent.clear();
      for (const id of this.pending.keys()) setTimeout(() => this.runInPage(id), 0);
    };
    this.worker = worker;
  }

  private runInPage(id: number): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    try {
      p.resolve(doDealJob(p.job));
    } catch (e) {
      p.reject(e as Error);
    }
  }
}
