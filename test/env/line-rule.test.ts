// The line layout's run listing: whatever the memo holds and whatever the caller says changed, the runs listed
// are those of a plain scan of every start, in the same order. Two rules of the shapes line games declare: long
// runs with few discarding totals (looked up by prefix totals) and short runs with many (added card by card).
import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../src/env/cards.js';
import {
  type LineRule,
  cardsPerValue,
  createLineRunMemo,
  forgetLineChanges,
  lineActions,
  lineRunId,
  noteLineChange,
  straightLineRuns,
  totalsTable,
} from '../../src/env/layouts/line-rule.js';
import { createRng, randomInt, shuffleInPlace } from '../../src/env/rng.js';
import { scaled } from '../helpers/scale.js';

const capped = Uint8Array.from({ length: DECK_SIZE }, (_, c) => Math.min((c >> 2) + 1, 10));
const faces = Uint8Array.from({ length: DECK_SIZE }, (_, c) => (c >> 2) + 1);
const tens = totalsTable(30, (t) => t % 10 === 0);
const sevens = totalsTable(52, (t) => t % 7 === 0);

const rules: Record<string, LineRule> = {
  'long runs, three totals': {
    value: capped,
    values: 10,
    perValue: cardsPerValue(capped, 10),
    shortest: 2,
    longest: 20,
    maxTotal: 30,
    good: () => tens,
    totalsText: () => '10, 20 or 30',
    stepsWithoutCycles: 78,
  },
  'short runs, seven totals': {
    value: faces,
    values: 13,
    perValue: cardsPerValue(faces, 13),
    shortest: 1,
    longest: 4,
    maxTotal: 52,
    good: () => sevens,
    totalsText: () => 'a multiple of 7',
    stepsWithoutCycles: 102,
  },
};

/** Every run of line[0, n), start by start, then by length: what the memo must reproduce. */
function plainScan(rule: LineRule, good: Uint8Array, minRun: number, maxRun: number, line: Uint8Array, n: number) {
  const ids: number[] = [];
  for (let st = 0; st < n; st++) {
    let sum = 0;
    for (let length = 1; length <= maxRun && st + length <= n; length++) {
      sum += rule.value[line[st + length - 1]];
      if (sum > rule.maxTotal) break;
      if (length >= minRun && good[sum] === 1) ids.push(lineRunId(rule, st, length));
    }
  }
  return ids;
}

/** Random lines a rule's sweep plays: 200 at full scale (TENGYM_TEST_SCALE=1), 50 at npm test's. */
const LINES = scaled(200);

describe('straightLineRuns', () => {
  for (const [name, rule] of Object.entries(rules)) {
    it(`lists the plain scan's runs in its order after discards, draws and unknown changes (${name})`, () => {
      const rng = createRng(7);
      const options = {};
      const good = rule.good(options);
      const memo = createLineRunMemo(rule);
      const mask = new Uint8Array(lineActions(rule));
      const legal = new Int32Array(lineActions(rule));
      const line = new Uint8Array(DECK_SIZE);
      let checked = 0;
      for (let game = 0; game < LINES; game++) {
        const deck = Uint8Array.from({ length: DECK_SIZE }, (_, c) => c);
        shuffleInPlace(rng, deck);
        const minRun = randomInt(rng, rule.shortest, rule.shortest + 1);
        const maxRun = randomInt(rng, minRun + 1, rule.longest);
        let n = randomInt(rng, 1, DECK_SIZE);
        line.set(deck.subarray(0, n));
        let next = n;
        // A new deal: the memo compares the line with the last one it listed.
        forgetLineChanges(memo);
        for (let move = 0; move < 40; move++) {
          // Two changes before a listing, now and then: the memo then compares the tail.
          if (move % 7 === 3 && n > 1) {
            const at = randomInt(rng, 0, n - 1);
            line[at] = deck[randomInt(rng, 0, DECK_SIZE - 1)];
            noteLineChange(memo, at, n - at - 1);
          }
          mask.fill(0);
          const count = straightLineRuns(rule, memo, options, good, minRun, maxRun, line, 0, n, mask, legal, 0);
          const listed = Array.from(legal.subarray(0, count));
          expect(listed).toEqual(plainScan(rule, good, minRun, maxRun, line, n));
          expect(mask.reduce((a, b) => a + b, 0)).toBe(count);
          // The memo holds the line it listed: the next comparison starts from it.
          expect(memo.line.subarray(0, n)).toEqual(line.subarray(0, n));
          checked++;
          // The next change: a listed run leaves, a card is drawn to the end or put in the middle, or one card changes.
          const kind = randomInt(rng, 0, 3);
          if (kind === 0 && count > 0) {
            const id = listed[randomInt(rng, 0, count - 1)];
            const start = Math.floor((id - 1) / (rule.longest - rule.shortest + 1));
            const length = ((id - 1) % (rule.longest - rule.shortest + 1)) + rule.shortest;
            line.copyWithin(start, start + length, n);
            noteLineChange(memo, start, n - start - length);
            n -= length;
          } else if (kind === 1 && next < DECK_SIZE) {
            line[n] = deck[next++];
            noteLineChange(memo, n, 0);
            n++;
          } else if (kind === 2 && next < DECK_SIZE) {
            // A card put in the middle, which no engine notes: the memo finds the kept tail, now further right.
            const at = randomInt(rng, 0, n - 1);
            line.copyWithin(at + 1, at, n);
            line[at] = deck[next++];
            forgetLineChanges(memo);
            n++;
          } else {
            const at = randomInt(rng, 0, n - 1);
            line[at] = deck[randomInt(rng, 0, DECK_SIZE - 1)];
            if (randomInt(rng, 0, 1) === 0) forgetLineChanges(memo);
            else noteLineChange(memo, at, n - at - 1);
          }
          if (n === 0) break;
        }
      }
      expect(checked).toBeGreaterThan(LINES * 10);
    });
  }
});
