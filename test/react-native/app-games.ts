// What the example app (examples/card-merge-10/reducer.ts) and the moves, events and deals API print for seeded games,
// on Node and on Hermes alike: each line a fingerprint of a game. Asked for, lines starting "time " follow, which give
// each default hint source's p50 and p99 there (docs/apps.md's table): a measurement, so left out of npm test's runs.
import type * as Tengym from '../../src/index.js';
import type * as Reducer from '../../examples/card-merge-10/reducer.js';

/** A game's events as one line: the move, then the cards removed and placed. */
function eventLine(e: Tengym.StepEvents | null): string {
  if (e === null) return 'none';
  const codes = (cards: readonly Tengym.CardSpot[]) => cards.map((c) => `${c.code}@${c.index}`).join(',');
  return `${e.kind}:${e.move?.kind ?? ''}:${codes(e.removed)}>${codes(e.placed)}`;
}

/**
 * The example's game of a seed: the hinted move each turn, tapped card by card (the lit partners counted after the
 * first tap), an undo every fifth move while undos last.
 */
function exampleGame(r: typeof Reducer, seed: number, size: 13 | 15, variant: Reducer.Variant): string {
  let g = r.reduce(null, { type: 'new', seed, size, variant });
  const parts: string[] = [];
  const line = (events: readonly Tengym.StepEvents[]) => events.map(eventLine).join('+');
  for (let n = 0; r.outcome(g) === null; n++) {
    g = r.reduce(g, { type: 'hint' });
    const slots = g.hint ?? [];
    if (slots.length === 0) g = r.reduce(g, { type: 'deal' });
    for (const [i, slot] of slots.entries()) {
      g = r.reduce(g, { type: 'tap', slot });
      if (i === 0) parts.push(`${slots.length}.${g.lit.length}`);
    }
    parts.push(line(g.events));
    if (n % 5 === 4) {
      const before = g;
      g = r.reduce(g, { type: 'undo' });
      parts.push(g === before ? 'none' : line(g.events));
    }
  }
  return `${size} ${variant} ${seed}: ${JSON.stringify(r.outcome(g))} ${parts.join(' ')}`;
}

/** A game of `id` played by its first move each turn, with its events. */
function eventsGame(tengym: typeof Tengym, id: string, options: Record<string, unknown>, seed: number): string {
  const session = new tengym.Session(id, { options, autoForced: false });
  session.newDeal({ seed });
  const parts: string[] = [];
  while (session.running) {
    const moves = session.moves();
    parts.push(`${moves.length}${eventLine(session.play(moves[0]).events[0])}`);
  }
  return `${id} ${JSON.stringify(options)} ${seed}: ${JSON.stringify(session.outcome())} ${parts.join(' ')}`;
}

/**
 * The hint times of each default source over a game's states (the hinted move played): p50 and p99, in ms. With a
 * `budget`, as an app runs a hinter with a time budget: between two hints, `idle` slices of `prepare` (the player
 * looking at the cards) build the source's tables, and the interim hints meanwhile are counted.
 */
function hintTimes(
  tengym: typeof Tengym,
  id: string,
  hints: number,
  budget?: { budgetMs: number; idle: number },
): string {
  const env = tengym.make(id);
  env.reset({ seed: 11 });
  const hinter = tengym.createHinter(budget && { budgetMs: budget.budgetMs });
  const times: number[] = [];
  let interim = 0;
  let source = '';
  // The time spent in prepare and hint until the first hint that is not interim: what the building took.
  let building = 0;
  for (let seed = 11; times.length < hints; ) {
    while (!env.running) env.reset({ seed: ++seed });
    const idleStart = performance.now();
    for (let i = 0; i < (budget?.idle ?? 0); i++) hinter.prepare(env, budget?.budgetMs);
    const start = performance.now();
    const result = hinter.hint(env);
    times.push(performance.now() - start);
    if (result.interim) {
      interim++;
      building += performance.now() - idleStart;
    } else source = result.source;
    env.step(result.hints[0].action);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  const how = budget
    ? ` budgetMs ${budget.budgetMs}, ${budget.idle} idle slices a move (${interim} interim, the tables built in ` +
      `${(building / 1000).toFixed(1)} s of slices, then ${source})`
    : ` (${source})`;
  return `time ${id}${how}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms over ${times.length} hints`;
}

export function playAppGames(tengym: typeof Tengym, r: typeof Reducer, { hintTimes: timed = false } = {}): string[] {
  const lines: string[] = [];
  for (const size of [13, 15] as const)
    for (const variant of ['strict', 'buffered'] as const)
      for (let seed = 0; seed < 4; seed++) lines.push(exampleGame(r, seed, size, variant));
  for (let seed = 0; seed < 3; seed++) {
    lines.push(eventsGame(tengym, 'tens', { blockTens: true }, seed));
    lines.push(eventsGame(tengym, 'decade', {}, seed));
  }
  lines.push(`daily ${tengym.dailySeed('2026-11-27', 'tens')} ${tengym.dailySeed('2027-01-01', 'decade')}`);
  lines.push(
    `winnable ${JSON.stringify(tengym.pickDeal(tengym.make('tens'), { date: '2026-11-27', winnable: true }))}`,
  );
  lines.push(`winnable ${JSON.stringify(tengym.pickDeal(tengym.make('decade'), { seed: 0, winnable: true }))}`);
  lines.push(`hard ${JSON.stringify(tengym.pickDeal(tengym.make('decade'), { seed: 0, level: 'hard' }))}`);
  lines.push(`card ${JSON.stringify(tengym.cardFace('TH'))}`);
  if (!timed) return lines;
  // First: Four Ten's tables are built once per process, and the budget's line is of a process that has none yet.
  lines.push(hintTimes(tengym, 'four-ten', 200, { budgetMs: 8, idle: 5 }));
  for (const id of ['tens', 'decade', 'decade-stacks', 'ten-twenty-thirty', 'four-ten'])
    lines.push(hintTimes(tengym, id, 60));
  return lines;
}
