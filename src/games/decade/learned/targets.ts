/**
 * The decade family's afterstate training targets (src/agents/afterstate.ts, `TargetStrategy`):
 * Monte Carlo, an episode's samples learn its result (won, cards left / 52) when it ends: unbiased
 * for the ε-greedy policy that played, with no bootstrapping.
 */
import type {
  AfterstateExpansion,
  AfterstateTargets,
  FeatureLayout,
  SampleSink,
  TargetContext,
  TargetStrategy,
} from '../../../agents/afterstate.js';
import type { Env } from '../../../env/env.js';
import type { Outcome } from '../../../env/game.js';
import { DRAW, decadeOf } from '../engine.js';
import { DECADE_FEATURES, writeLineFeatures } from './afterstate-features.js';

/** The one-line decade family: an episode's samples learn its result (Monte Carlo). */
export class DecadeMonteCarlo implements TargetStrategy {
  private readonly own: Float32Array;
  private readonly value = new Float64Array(2);

  private readonly layout: FeatureLayout;
  private readonly sink: SampleSink;

  constructor({ layout, sink }: TargetContext) {
    this.layout = layout;
    this.sink = sink;
    this.own = new Float32Array(layout.size);
  }

  /** The decision's own position, then where a discard led (a draw's line is the next decision's own). */
  beforeMove(i: number, env: Env, x: AfterstateExpansion, _outputs: Float32Array, chosen: number): void {
    writeLineFeatures(decadeOf(env)!.state, 0, this.own, 0, this.layout);
    this.sink.add(i, this.own, 0);
    if (x.rowsOf[chosen] === 1 && env.legal[chosen] !== DRAW)
      this.sink.add(i, x.rows, x.firstRow[chosen] * this.layout.size);
  }

  afterMove(i: number, _env: Env, ended: Outcome | null): void {
    if (ended === null) return;
    DECADE_FEATURES.outcomeValue(ended, this.value);
    this.sink.close(i, this.value[0], this.value[1]);
  }

  endRound(): void {}

  getState(): Record<string, unknown> {
    return {};
  }

  setState(): void {}
}

/** The decade family's targets by kind, as its kit gives them: its own play's results. */
export const DECADE_TARGETS: AfterstateTargets = { play: (context) => new DecadeMonteCarlo(context) };
