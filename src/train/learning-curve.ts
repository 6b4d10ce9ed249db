/**
 * The learning curve of a training run as a small hand-written SVG (no dependencies):
 * the greedy policy's figure on the held-out deals against env steps, with its 95% band,
 * and the reference agent's on the same deals as a dashed line; random play's and the best
 * baseline's (`levels`) as dotted lines labelled at their right end, so that a run at random's
 * level does not pass for progress. The figure is the game's (`ResultSpec.curve`): the win rate
 * where games are won or lost, or the figure the game names where every game is won and that
 * figure tells play apart (the mean rounds of the won games).
 */

/** The figure a curve plots in place of the win rate, as the game declares it (`ResultSpec.curve`). */
export interface CurveFigure {
  /** As the axis says it ('mean rounds'). */
  label: string;
  /** Over the won deals only (rounds to win), or over every deal. */
  over: 'all' | 'won';
  /** The number it is of, as a player says it ('rounds'), and whether fewer or more is better. */
  of: string;
  better: 'lower' | 'higher';
  /** Decimals the reference's value shows. */
  digits: number;
}

export interface CurvePoint {
  envSteps: number;
  /** The win rate (0–1), or the game's figure; low and high bound its 95% interval (equal where none is known). */
  value: number;
  low: number;
  high: number;
}

export interface CurveOptions {
  title: string;
  /** The game's figure plotted in place of the win rate, where it has one. */
  figure?: CurveFigure;
  /** `winRate`, with a figure of the won deals: the share of the held-out deals it won, which the figure leaves out. */
  reference?: { name: string; value: number; winRate?: number };
  /** Other agents on the same deals (random, the best baseline): dotted lines. */
  levels?: { name: string; value: number }[];
  /**
   * A figure of the won deals: the env steps of the evaluations that won no held-out deal, which have no
   * figure to plot; marked on the x axis and counted in a note, so that a run whose network wins nothing
   * yet shows its evaluations and is not an empty plot.
   */
  unwon?: readonly number[];
  /**
   * A figure of the won deals: the share of the held-out deals the last evaluation won. The figure is of
   * the won deals only, so a network that wins one deal in ten in few rounds would otherwise look strong.
   */
  lastWinRate?: number;
}

const W = 720;
const H = 420;
const M = { left: 64, right: 24, top: 60, bottom: 56 };

/** A share (0–1) as the curve writes it: 12.3%. */
const percent = (v: number) => `${(100 * v).toFixed(1)}%`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Round ticks (1, 2 or 5 times a power of ten) from 0 up to the first one at or above `max`. */
function ticks(max: number, count: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * power).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let k = 0; out.length === 0 || out[out.length - 1] < max - step * 1e-9; k++)
    out.push(Number((k * step).toPrecision(12)));
  return out;
}

function formatSteps(n: number): string {
  if (n >= 1e6) return `${Number((n / 1e6).toPrecision(3))}M`;
  if (n >= 1e3) return `${Number((n / 1e3).toPrecision(3))}k`;
  return String(n);
}

/** The y axis: its ticks from yMin to yMax, their labels, and what it shows. */
function yAxis(
  points: readonly CurvePoint[],
  options: CurveOptions,
): { yTicks: number[]; yMin: number; yMax: number; label: (t: number) => string; name: string; legend: string } {
  // The reference and the levels are on the axis too.
  const marks = [options.reference?.value, ...(options.levels ?? []).map((l) => l.value)].filter(
    (v): v is number => v !== undefined && Number.isFinite(v),
  );
  const figure = options.figure;
  if (figure) {
    // The game's figure: from the whole number below the lowest value to the tick above the highest.
    const values = [...points.flatMap((p) => [p.low, p.high]), ...marks].filter(Number.isFinite);
    const yMin = values.length ? Math.floor(Math.min(...values)) : 0;
    const span = ticks(Math.max(0.5, (values.length ? Math.max(...values) : 1) - yMin), 5);
    return {
      yTicks: span.map((t) => Number((yMin + t).toPrecision(12))),
      yMin,
      yMax: yMin + span[span.length - 1],
      label: (t) => String(t),
      name: `${figure.label} ${figure.over === 'won' ? 'of the won held-out deals' : 'on the held-out deals'}`,
      legend: `the network’s greedy policy (${figure.better === 'lower' ? 'fewer' : 'more'} ${figure.of} are better)`,
    };
  }
  const highest = Math.max(0.05, ...points.map((p) => p.high), ...marks);
  const yTicks = ticks(Math.min(1, highest * 1.05), 5).filter((t) => t <= 1);
  return {
    yTicks,
    yMin: 0,
    yMax: yTicks[yTicks.length - 1],
    label: (t) => `${Number((100 * t).toPrecision(3))}%`,
    name: 'win rate on the held-out deals',
    legend: 'greedy policy, with its 95% interval',
  };
}

export function learningCurveSvg(points: readonly CurvePoint[], options: CurveOptions): string {
  const unwon = options.unwon ?? [];
  const maxSteps = Math.max(1, ...points.map((p) => p.envSteps), ...unwon);
  const { yTicks, yMin, yMax, label, name, legend } = yAxis(points, options);
  // The x axis ends at the last evaluation, the y axis at a round tick.
  const xTicks = ticks(maxSteps, 6).filter((t) => t <= maxSteps);
  const xMax = maxSteps;
  const x = (steps: number) => M.left + ((W - M.left - M.right) * steps) / xMax;
  const y = (v: number) => H - M.bottom - ((H - M.top - M.bottom) * (v - yMin)) / (yMax - yMin);
  const f = (v: number) => v.toFixed(1);

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  parts.push(`<text x="${W / 2}" y="24" text-anchor="middle" font-size="15">${esc(options.title)}</text>`);
  // Grid and tick labels.
  for (const t of yTicks) {
    parts.push(`<line x1="${M.left}" y1="${f(y(t))}" x2="${W - M.right}" y2="${f(y(t))}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${M.left - 8}" y="${f(y(t) + 4)}" text-anchor="end">${label(t)}</text>`);
  }
  for (const t of xTicks) {
    parts.push(`<line x1="${f(x(t))}" y1="${M.top}" x2="${f(x(t))}" y2="${H - M.bottom}" stroke="#f0f0f0"/>`);
    parts.push(`<text x="${f(x(t))}" y="${H - M.bottom + 18}" text-anchor="middle">${formatSteps(t)}</text>`);
  }
  // Axes and their labels.
  parts.push(`<line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="black"/>`);
  parts.push(`<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="black"/>`);
  parts.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 14}" text-anchor="middle">env steps (forced moves ` +
      `included)</text>`,
  );
  parts.push(
    `<text transform="translate(18 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">${name}</text>`,
  );
  // Legend, between the title and the plot.
  parts.push(`<line x1="${M.left}" y1="42" x2="${M.left + 24}" y2="42" stroke="#1f77b4" stroke-width="2"/>`);
  parts.push(`<text x="${M.left + 30}" y="46">${legend}</text>`);
  // A reference with no figure (no deal won, for rounds) draws no line.
  if (options.reference && Number.isFinite(options.reference.value)) {
    const value = options.reference.value;
    const ry = f(y(value));
    parts.push(
      `<line x1="${M.left}" y1="${ry}" x2="${W - M.right}" y2="${ry}" stroke="#d62728" stroke-dasharray="6 4"/>`,
    );
    parts.push(
      `<line x1="${M.left + 300}" y1="42" x2="${M.left + 324}" y2="42" stroke="#d62728" stroke-dasharray="6 4"/>`,
    );
    parts.push(
      `<text x="${M.left + 330}" y="46">${esc(options.reference.name)} on the same deals: ` +
        `${options.figure ? value.toFixed(options.figure.digits) : percent(value)}</text>`,
    );
  }
  for (const level of options.levels ?? []) {
    if (!Number.isFinite(level.value)) continue;
    const ly = f(y(level.value));
    const shown = options.figure ? level.value.toFixed(2) : percent(level.value);
    parts.push(
      `<line x1="${M.left}" y1="${ly}" x2="${W - M.right}" y2="${ly}" stroke="#7f7f7f" stroke-dasharray="2 3"/>`,
    );
    parts.push(
      `<text x="${W - M.right - 4}" y="${f(y(level.value) - 4)}" text-anchor="end" fill="#555">${esc(level.name)} ` +
        `${shown}</text>`,
    );
  }
  if (unwon.length > 0) {
    // Evaluations with no won deal: a cross on the x axis each, and how many there were.
    const base = H - M.bottom;
    for (const steps of unwon)
      parts.push(`<path d="M${f(x(steps) - 4)},${f(base - 4)} l8,8 m0,-8 l-8,8" stroke="#d62728" stroke-width="1.5"/>`);
    const all = unwon.length + points.length;
    parts.push(
      `<text x="${M.left + 8}" y="${f(base - 10)}" fill="#d62728">× no held-out deal won at ${unwon.length} ` +
        `of ${all} evaluation${all === 1 ? '' : 's'} (no ${options.figure?.label ?? 'figure'} to plot)</text>`,
    );
  }
  if (options.figure?.over === 'won' && options.lastWinRate !== undefined && Number.isFinite(options.lastWinRate)) {
    const reference =
      options.reference?.winRate !== undefined && Number.isFinite(options.reference.winRate)
        ? `; ${esc(options.reference.name)} ${percent(options.reference.winRate)}`
        : '';
    parts.push(
      `<text x="${M.left + 8}" y="${M.top + 14}" fill="#555">won ${percent(options.lastWinRate)} of the ` +
        `held-out deals at the last evaluation${reference}; the curve counts the won deals only</text>`,
    );
  }
  if (points.length > 0) {
    const band = [
      ...points.map((p) => `${f(x(p.envSteps))},${f(y(p.high))}`),
      ...[...points].reverse().map((p) => `${f(x(p.envSteps))},${f(y(p.low))}`),
    ];
    parts.push(`<polygon points="${band.join(' ')}" fill="#1f77b4" fill-opacity="0.15" stroke="none"/>`);
    parts.push(
      `<polyline points="${points.map((p) => `${f(x(p.envSteps))},${f(y(p.value))}`).join(' ')}" fill="none" ` +
        `stroke="#1f77b4" stroke-width="2"/>`,
    );
    for (const p of points)
      parts.push(`<circle cx="${f(x(p.envSteps))}" cy="${f(y(p.value))}" r="2.5" fill="#1f77b4"/>`);
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
