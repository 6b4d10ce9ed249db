/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal (so piped
 * output and CI logs stay clean), redrawn at most ten times a second.
 */
export class ProgressBar {
  private last = 0;
  private readonly enabled = Boolean(process.stderr.isTTY);
  private readonly start = performance.now();
  /**
   * The first update: the time left is the rest at the pace since then, so work done before
   * this process (a resumed run's steps) or before the first update (loading, set-up) does not
   * count as done in the time elapsed.
   */
  private first: { at: number; done: number } | null = null;

  update(done: number, total: number, label: string): void {
    if (!this.enabled) return;
    const now = performance.now();
    this.first ??= { at: now, done };
    if (now - this.last < 100 && done < total) return;
    this.last = now;
    const width = 30;
    const filled = Math.round((width * done) / total);
    const elapsed = (now - this.start) / 1000;
    const pace = (done - this.first.done) / ((now - this.first.at) / 1000);
    const left = done >= total ? '0' : pace > 0 ? ((total - done) / pace).toFixed(0) : '?';
    process.stderr.write(
      `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ` +
        `${((100 * done) / total).toFixed(0).padStart(3)}% ${label.slice(0, 24).padEnd(24)} ` +
        `${elapsed.toFixed(0)}s elapsed, ~${left}s left `,
    );
  }

  done(): void {
    if (this.enabled) process.stderr.write('\r\x1b[K');
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
