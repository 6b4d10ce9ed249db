/**
 * A one-line progress bar on stderr, drawn only when a person watches a terminal: stderr and stdout both terminals
 * and no --json (so piped output, JSON and CI logs stay clean). Redrawn at most ten times a second, and once a second
 * while nothing reports (so a long step still shows its seconds going by); `begin` draws it at once.
 */
export class ProgressBar {
  private last = 0;
  private readonly enabled: boolean;
  private readonly start = performance.now();
  /**
   * The first update: the time left is the rest at the pace since then, so work done before
   * this process (a resumed run's steps) or before the first update (loading, set-up) does not
   * count as done in the time elapsed.
   */
  private first: { at: number; done: number } | null = null;
  /** What the bar shows now (null: cleared, until the next update). */
  private shown: { done: number; total: number; label: string } | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor({ json = false }: { json?: boolean } = {}) {
    this.enabled = Boolean(process.stderr.isTTY) && Boolean(process.stdout.isTTY) && !json;
  }

  /** Draws the bar now, at 0 of `total`, saying what is under way (before the first unit of work is done). */
  begin(label: string, total = 1): void {
    if (!this.enabled) return;
    this.shown = { done: 0, total, label };
    this.draw(performance.now());
    this.tick();
  }

  update(done: number, total: number, label: string): void {
    if (!this.enabled) return;
    const now = performance.now();
    this.first ??= { at: now, done };
    this.shown = { done, total, label };
    this.tick();
    if (now - this.last < 100 && done < total) return;
    this.draw(now);
  }

  private tick(): void {
    if (this.ticker !== null) return;
    this.ticker = setInterval(() => {
      const now = performance.now();
      if (this.shown !== null && now - this.last >= 900) this.draw(now);
    }, 1000);
    // The bar keeps no process alive.
    this.ticker.unref?.();
  }

  private draw(now: number): void {
    if (this.shown === null) return;
    const { done, total, label } = this.shown;
    this.last = now;
    const width = 30;
    const filled = Math.round((width * done) / total);
    const elapsed = (now - this.start) / 1000;
    const pace = this.first === null ? 0 : (done - this.first.done) / ((now - this.first.at) / 1000);
    const left = done >= total ? '0' : pace > 0 ? ((total - done) / pace).toFixed(0) : '?';
    process.stderr.write(
      `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ` +
        `${((100 * done) / total).toFixed(0).padStart(3)}% ${label.slice(0, 24).padEnd(24)} ` +
        `${elapsed.toFixed(0)}s elapsed, ~${left}s left `,
    );
  }

  /** Clears the bar (before other output); the next update draws it again. */
  done(): void {
    if (!this.enabled) return;
    this.shown = null;
    process.stderr.write('\r\x1b[K');
  }
}

/**
 * Progress of a long command for whoever watches it: on a terminal, the bar on stderr; when
 * stdout is not a terminal (piped, redirected, a CI log), a line per finished piece of work
 * instead, on stdout between the results (on stderr with --json, so that stdout stays JSON).
 */
export class ProgressLines {
  private readonly lines = !process.stdout.isTTY;
  private readonly bar = this.lines ? null : new ProgressBar();

  constructor(private readonly json = false) {}

  update(done: number, total: number, label: string): void {
    this.bar?.update(done, total, label);
  }

  /** A line when stdout is not a terminal (the bar says it otherwise). */
  line(text: string): void {
    if (this.lines) (this.json ? process.stderr : process.stdout).write(`${text}\n`);
  }

  done(): void {
    this.bar?.done();
  }
}
