/**
 * Work that runs in slices: a table an agent or a hint needs that takes longer to build than a
 * hint may take (Four Ten's round solves take a second in Node and many on a phone, where
 * JavaScript has one thread). The work is a generator that yields every millisecond or so;
 * `get()` runs what is left and returns the value, as a plain call would, and `steps()` hands the
 * same work to a caller that runs it a slice at a time (a hinter with a time budget). One `Staged`
 * is shared by every caller: work a slice did is never done again.
 */
export class Staged<T> {
  private readonly work: Iterator<unknown, T>;
  private result: { value: T } | null = null;
  /** What the work threw: thrown again at every later call, as a plain call would throw it each time. */
  private failure: { error: unknown } | null = null;

  constructor(work: Iterator<unknown, T>) {
    this.work = work;
  }

  /** Whether the value is ready. */
  get done(): boolean {
    return this.result !== null;
  }

  /** Runs one slice; true once the value is ready. */
  step(): boolean {
    if (this.result) return true;
    if (this.failure) throw this.failure.error;
    let r: IteratorResult<unknown, T>;
    try {
      r = this.work.next();
    } catch (error) {
      // A generator that threw is over: without this, the next call would read its end as a value (undefined).
      this.failure = { error };
      throw error;
    }
    if (r.done) this.result = { value: r.value };
    return r.done === true;
  }

  /** The value, after running whatever work is left. */
  get(): T {
    while (!this.step());
    return this.result!.value;
  }

  /** The work left, as a generator that yields between slices (for `yield*` in a larger piece of work). */
  *steps(): Generator<void, T, unknown> {
    while (!this.step()) yield;
    return this.result!.value;
  }
}
