/**
 * A training run's metrics (Node-only): one row per evaluation, written as `metrics.jsonl` and
 * `metrics.csv`, the learning curve `learning-curve.svg`, and TensorBoard scalars where
 * tfjs-node is the backend. Every file is written atomically (a temporary file, then a rename).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { writeFileAtomic } from '../node/model-files.js';
import type { BackendName } from '../node/tf-backend.js';
import type { ResultSpec } from '../env/game.js';
import type { OutcomeFigures } from '../eval/evaluate.js';
import { figureOfSums, figuresIn, type FigureSums } from '../stats/figures.js';
import { learningCurveSvg, type CurveFigure, type CurveOptions, type CurvePoint } from './learning-curve.js';

/** One row of metrics.jsonl / metrics.csv: flat, numbers or null (a mean over nothing). */
export type MetricsRow = Record<string, number | boolean | null>;

const count = z.int().min(0);
const rate = z.number().min(0).max(1);
/** An interval's bound: ±Infinity where one deal gives no spread, null once written as JSON. */
const bound = z.number().nullable();

/**
 * A metrics row as the trainer writes it (trainer.ts, `metricsRow`), for rows read back from a
 * checkpoint: the run's counters, the held-out figures and `best`; the game's own figures (mean
 * cards left, or mean rounds and points per round) and the algorithm's statistics are numbers or
 * null. `episodes` and `envStepsPerSecond` are absent in rows of older runs.
 */
export const metricsRowSchema = z
  .object({
    envSteps: count,
    samples: count,
    updates: count,
    episodes: count.optional(),
    wallSeconds: z.number().min(0),
    envStepsPerSecond: z.number().min(0).nullable().optional(),
    trainEpisodes: count,
    trainWinRate: rate.nullable(),
    evalWinRate: rate,
    evalWinRateLow: bound,
    evalWinRateHigh: bound,
    referenceWinRate: rate,
    vsReference: z.number().min(-1).max(1),
    vsReferenceLow: bound,
    vsReferenceHigh: bound,
    best: z.boolean(),
  })
  .catchall(z.number().nullable());

/**
 * The rows of a run: each a row as the trainer writes it (`metricsRowSchema`), their env steps
 * never decreasing. Each row is kept as it was read, its keys in their order: metrics.jsonl is
 * compared with the rows as text (`metricsFilesHold`).
 */
export const metricsRowsSchema = z
  .array(z.record(z.string(), z.union([z.number(), z.boolean(), z.null()])))
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      const parsed = metricsRowSchema.safeParse(row);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: [i, ...issue.path] });
    });
    for (let i = 1; i < rows.length; i++) {
      const [before, now] = [rows[i - 1].envSteps, rows[i].envSteps];
      if (typeof before === 'number' && typeof now === 'number' && now < before) {
        ctx.addIssue({
          code: 'custom',
          message:
            `env steps go back from ${before} (row ${i - 1}) to ${now}; a run's rows come in the order of its ` +
            `evaluations`,
          path: [i, 'envSteps'],
        });
        return;
      }
    }
  });

/** A held-out evaluation's figures, as the trainer reports them and a checkpoint keeps them. */
export interface HeldOutSummary extends OutcomeFigures {
  episodes: number;
}

export interface EvaluationReport extends HeldOutSummary {
  /** Held-out deals are seed + i. */
  seed: number;
  envSteps: number;
  reference: HeldOutSummary & { agent: string };
  /** Paired difference in wins, this policy − the reference, on the same deals. */
  vsReference: { diff: number; ci95: [number, number] };
}

const nullIfNaN = (x: number | undefined): number | null => (x === undefined || Number.isNaN(x) ? null : x);

/**
 * A figure's key as a metrics row gives it: `train` or `eval`, then the figure's (`meanCardsLeft` →
 * `trainMeanCardsLeft`).
 */
const metricKey = (prefix: 'train' | 'eval', key: string) => `${prefix}${key[0].toUpperCase()}${key.slice(1)}`;

/**
 * The training episodes' figures of the game (`in: ['train']`: the mean cards left, the mean rounds of the won games).
 */
export function trainingFigures(result: ResultSpec, episodes: FigureSums): MetricsRow {
  return Object.fromEntries(
    figuresIn(result, 'train').map((f) => [metricKey('train', f.key), figureOfSums(f, episodes)]),
  );
}

/** The held-out evaluation's figures of the game (`in: ['eval']`), besides the win rate. */
export function evaluationFigures(result: ResultSpec, summary: OutcomeFigures): MetricsRow {
  return Object.fromEntries(
    figuresIn(result, 'eval').map((f) => [metricKey('eval', f.key), nullIfNaN(summary[f.key] as number | undefined)]),
  );
}

/** The game's figure a learning curve plots (`ResultSpec.curve`), as the curve draws it; none: the win rate. */
export function curveFigure(result: ResultSpec): CurveFigure | undefined {
  const figure = result.figures.find((f) => f.key === result.curve);
  if (figure === undefined) return undefined;
  const field = 'mean' in figure.of ? figure.of.mean : 'median' in figure.of ? figure.of.median : figure.of.ratio[0];
  const of = [...result.fields, ...(result.counters ?? [])].find((f) => f.key === field)?.label ?? field;
  return {
    label: figure.label,
    over: figure.over ?? 'all',
    of,
    better: figure.better ?? 'higher',
    digits: figure.digits,
  };
}

function csv(rows: MetricsRow[]): string {
  const columns: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
  // An interval bound one deal cannot give (±Infinity) is empty, as metrics.jsonl's null and a resumed run's rows have
  // it.
  const cell = (v: number | boolean | null | undefined) =>
    v === null || v === undefined || v === Infinity || v === -Infinity ? '' : String(v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

/** The learning curve's points: the held-out win rate and its interval, or the game's figure (`ResultSpec.curve`). */
export function curvePoints(result: ResultSpec, rows: readonly MetricsRow[]): CurvePoint[] {
  if (result.curve !== undefined) {
    const key = metricKey('eval', result.curve);
    return rows
      .map((r) => ({
        envSteps: r.envSteps as number,
        value: r[key] as number,
        low: r[key] as number,
        high: r[key] as number,
      }))
      .filter((p) => Number.isFinite(p.value));
  }
  return rows.map((r) => ({
    envSteps: r.envSteps as number,
    value: r.evalWinRate as number,
    low: r.evalWinRateLow as number,
    high: r.evalWinRateHigh as number,
  }));
}

/** metrics.jsonl's text: a row a line. */
const jsonLines = (rows: readonly MetricsRow[]): string =>
  rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');

/** Whether `out` holds the metrics files of exactly these rows, as writeMetricsFiles writes them. */
export async function metricsFilesHold(out: string, rows: MetricsRow[]): Promise<boolean> {
  try {
    return (
      (await readFile(join(out, 'metrics.jsonl'), 'utf8')) === jsonLines(rows) &&
      existsSync(join(out, 'metrics.csv')) &&
      existsSync(join(out, 'learning-curve.svg'))
    );
  } catch {
    return false;
  }
}

/** metrics.jsonl, metrics.csv and learning-curve.svg of the rows so far. */
export async function writeMetricsFiles(
  out: string,
  rows: MetricsRow[],
  curve: CurveOptions,
  result: ResultSpec,
): Promise<void> {
  await writeFileAtomic(join(out, 'metrics.jsonl'), jsonLines(rows));
  await writeFileAtomic(join(out, 'metrics.csv'), csv(rows));
  // A figure of the won deals has none where no deal was won: those evaluations are marked instead.
  const ofWon = curve.figure?.over === 'won' && result.curve !== undefined;
  const key = result.curve === undefined ? '' : metricKey('eval', result.curve);
  const unwon = ofWon ? rows.filter((r) => !Number.isFinite(r[key])).map((r) => r.envSteps as number) : [];
  const last = rows[rows.length - 1]?.evalWinRate;
  const lastWinRate = ofWon && typeof last === 'number' ? last : undefined;
  await writeFileAtomic(
    join(out, 'learning-curve.svg'),
    learningCurveSvg(curvePoints(result, rows), {
      ...curve,
      unwon,
      ...(lastWinRate === undefined ? {} : { lastWinRate }),
    }),
  );
}

export interface ScalarWriter {
  scalar(name: string, value: number, step: number): void;
  flush(): void;
}

/** TensorBoard event files through tfjs-node's summary writer, when tfjs-node is the backend; never required. */
export async function openTensorBoard(dir: string, backend: BackendName): Promise<ScalarWriter | null> {
  if (backend !== 'tensorflow') return null;
  try {
    const name = '@tensorflow/tfjs-node';
    const mod = (await import(name)) as { node?: { summaryFileWriter?: (logdir: string) => ScalarWriter } };
    return mod.node?.summaryFileWriter?.(dir) ?? null;
  } catch {
    return null;
  }
}

/** A row's numbers as TensorBoard scalars at its env steps. */
export function writeScalars(writer: ScalarWriter, row: MetricsRow): void {
  const step = row.envSteps as number;
  for (const [k, v] of Object.entries(row)) if (typeof v === 'number' && k !== 'envSteps') writer.scalar(k, v, step);
  writer.flush();
}
