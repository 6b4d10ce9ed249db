/**
 * Four Ten game values (game-policy.ts) stored as JSON, for rules other than the default ones,
 * whose table ships in src/games/four-ten/solver/default-game-values.ts: written by
 * `loadOrSolveGameValues` and by `npx tsx research/four-ten-optimal.ts --discount D --out FILE`,
 * read back by `loadOrSolveGameValues` and `npx tsx research/follow-hints.ts --values FILE`, and
 * handed to the `optimal` agent with `installGameValues`.
 */
import '../src/games/index.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import {
  DEFAULT_DISCOUNT,
  GameValues,
  computeGameValues,
  type GameRules,
  type GameSolveProgress,
} from '../src/games/four-ten/solver/game-policy.js';

const fileSchema = z.strictObject({
  rules: z.strictObject({
    drawVisible: z.boolean(),
    check: z.enum(['points-first', 'faults-first']),
    handTarget: z.int(),
    gameTarget: z.int(),
    safeties: z.int(),
    maxRounds: z.int(),
  }),
  discount: z.number(),
  shortfall: z.array(z.number()),
  seconds: z.number().optional(),
});

/** Stores the values solved for `rules` in `seconds`. */
export function writeGameValues(path: string, rules: GameRules, values: GameValues, seconds: number): void {
  writeFileSync(
    path,
    JSON.stringify({ rules, discount: values.discount, shortfall: Array.from(values.shortfall), seconds }) + '\n',
  );
}

/**
 * Values stored by `writeGameValues`, for the stored rules with `maxRounds` in place of theirs (the cap is no part of
 * the values).
 */
export function readGameValues(path: string, maxRounds?: number): GameValues {
  const j = fileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return new GameValues(
    { ...j.rules, maxRounds: maxRounds ?? j.rules.maxRounds },
    j.discount,
    Float64Array.from(j.shortfall),
  );
}

function fileName(r: GameRules): string {
  return (
    `game-values-${r.drawVisible ? 'visible' : 'hidden'}-${r.check}` +
    `-hand${r.handTarget}-game${r.gameTarget}-safeties${r.safeties}.json`
  );
}

/** The rules' game values from `dir` if stored there, else solved (minutes) and stored. */
export function loadOrSolveGameValues(
  rules: GameRules,
  dir = 'models/four-ten-optimal',
  onProgress?: (p: GameSolveProgress) => void,
): GameValues {
  const path = join(dir, fileName(rules));
  if (existsSync(path)) return readGameValues(path, rules.maxRounds);
  const start = performance.now();
  const values = computeGameValues(rules, { discount: DEFAULT_DISCOUNT, onProgress });
  mkdirSync(dir, { recursive: true });
  writeGameValues(path, rules, values, (performance.now() - start) / 1000);
  return values;
}
