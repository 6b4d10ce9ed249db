// tengym's copy of zod's English messages (src/env/zod-messages.ts), held to zod's own `en` locale: every kind of issue
// zod raises, from schemas of both APIs, must read the same with either map.
import * as zod from 'zod';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { zodEnglishMessage } from '../../src/env/zod-messages.js';

const zodEnglish = en().localeError;

/** Each schema with inputs it refuses: together they raise every issue code zod has. */
const cases: [string, z.core.$ZodType, unknown[]][] = [
  ['a number', z.number(), ['3', NaN, Infinity, -Infinity, null, undefined, [], {}, 3n, new Map()]],
  ['a string', z.string(), [1, true, Symbol('s')]],
  ['a literal', z.literal([13, 15]), [14, '13']],
  ['one literal', z.literal('x'), ['y']],
  ['a bigint literal', z.literal(3n), [4n]],
  ['an enum', z.enum(['strict', 'buffered']), ['lazy']],
  ['an integer in bounds', z.int().check(z.minimum(1), z.maximum(9)), [0, 10, 1.5]],
  ['an exclusive bound', z.number().check(z.gt(0), z.lt(1)), [0, 1]],
  ['a multiple', z.number().check(z.multipleOf(5)), [7]],
  ['a string length', z.string().check(z.minLength(2), z.maxLength(3)), ['a', 'abcd']],
  ['an exact length', z.array(z.string()).check(z.length(2)), [['a'], ['a', 'b', 'c']]],
  ['an exact string length', z.string().check(z.length(2)), ['abc']],
  ['a set size', z.set(z.string()).check(z.minSize(2), z.maxSize(3)), [new Set(['a']), new Set(['a', 'b', 'c', 'd'])]],
  ['a map', z.map(z.string(), z.number()), [new Map([['a', 'b']])]],
  ['a strict object', z.strictObject({ a: z.number() }), [{ a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, { b: 2 }]],
  ['a record of keys', z.record(z.enum(['a']), z.number()), [{ b: 1 }]],
  ['a union', z.union([z.string(), z.number()]), [true]],
  ['an exclusive union', z.xor([z.number(), z.int()]), [1]],
  ['a discriminated union', z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]), [{ k: 'b' }]],
  ['a custom check', z.custom<number>((v) => v === 1), [2]],
  ['string formats', z.email(), ['x']],
  ['a URL', z.url(), ['x']],
  ['an ISO date', z.iso.date(), ['x']],
  ['a prefix', z.string().check(z.startsWith('a'), z.endsWith('b'), z.includes('c')), ['x']],
  ['a pattern', z.string().check(z.regex(/^a$/)), ['b']],
  ['a date', z.date().check(z.minimum(new Date(0)), z.maximum(new Date(10))), [new Date(-1), new Date(11)]],
  ['a classic schema', zod.int().min(0).max(3), [-1, 4, 'x']],
  ['a classic object', zod.strictObject({ a: zod.enum(['x', 'y']) }), [{ a: 'z' }, { c: 1 }]],
];

describe("tengym's copy of zod's English messages", () => {
  for (const [what, schema, inputs] of cases) {
    it(`words the issues of ${what} as zod's en locale does`, () => {
      for (const input of inputs) {
        const result = z.safeParse(schema, input, { error: (issue) => zodEnglishMessage(issue) });
        const withEn = z.safeParse(schema, input, { error: (issue) => zodEnglish(issue) as string });
        expect(result.success).toBe(false);
        expect(result.error?.issues.length).toBeGreaterThan(0);
        expect(result.error?.issues).toEqual(withEn.error?.issues);
      }
    });
  }
});
