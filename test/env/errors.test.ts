// How error messages show values, and what counts as an object of fields (src/env/errors.ts).
import { describe, expect, it } from 'vitest';
import {
  CONTROL_OR_FORMAT,
  TengymError,
  isPlainObject,
  isTengymError,
  showName,
  showValue,
} from '../../src/env/errors.js';
import { envIds, make } from '../../src/env/registry.js';

describe('showValue', () => {
  it('spells numbers JSON cannot: NaN and the infinities, not null', () => {
    expect(showValue(3)).toBe('3');
    expect(showValue(-0.5)).toBe('-0.5');
    expect(showValue(NaN)).toBe('NaN');
    expect(showValue(Infinity)).toBe('Infinity');
    expect(showValue(-Infinity)).toBe('-Infinity');
  });

  it('shows big integers, undefined, functions and symbols as JavaScript writes them', () => {
    expect(showValue(12n)).toBe('12n');
    expect(showValue(undefined)).toBe('undefined');
    // The function's source as the runtime keeps it (a TypeScript loader may print it without spaces).
    expect(showValue(function named() {})).toMatch(/^function named\(\) ?\{\s*\}$/);
    expect(showValue(Symbol('s'))).toBe('Symbol(s)');
  });

  it('shows other values as JSON, with big integers and odd numbers inside spelled the same way', () => {
    expect(showValue('x')).toBe('"x"');
    expect(showValue(null)).toBe('null');
    expect(showValue([1, 'a'])).toBe('[1,"a"]');
    expect(showValue({ a: 1n, b: NaN, c: -Infinity, d: 2 })).toBe('{"a":"1n","b":"NaN","c":"-Infinity","d":2}');
  });

  it('falls back to the object tag when JSON throws (a cycle)', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(showValue(cycle)).toBe('[object Object]');
  });
});

describe('isPlainObject and TengymError', () => {
  it('accepts objects of fields only', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject({ a: 1 })).toBe(true);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject('x')).toBe(false);
    expect(isPlainObject(undefined)).toBe(false);
  });

  it('names its class and keeps its code', () => {
    const e = new TengymError('bad-argument', 'why');
    expect(e.name).toBe('TengymError');
    expect(e.code).toBe('bad-argument');
    expect(e.message).toBe('why');
    expect(isTengymError(e)).toBe(true);
    expect(isTengymError(new Error('why'))).toBe(false);
  });
});

describe('names from input in messages', () => {
  it("an env id or a state's env is quoted with its hidden characters written out, and a long one cut", () => {
    expect(() => make('dec\u0000ade')).toThrow(
      new RegExp(`^unknown env "dec\\\\u0000ade" \\(did you mean "decade"\\?\\); registered ids: ${envIds()[0]},`),
    );
    expect(() => make('decade\u202eevil')).toThrow(/^unknown env "decade\\u202eevil"; registered ids:/);
    expect(() => make('x'.repeat(100_000))).toThrow(
      new RegExp(`^unknown env "${'x'.repeat(64)}…" \\(100000 characters\\); registered ids:`),
    );
    const env = make('decade');
    env.reset({ seed: 1 });
    const state = { ...env.getState(), env: 'dec\u0000ade' };
    expect(() => env.setState(state)).toThrow(/^bad state: it is a "dec\\u0000ade" state, this env is "decade"$/);
  });

  it('escapes exactly the characters of \\p{Cc} and \\p{Cf}, spelled out for Hermes 0.12, at every code point', () => {
    const spelled = new RegExp(`^[${CONTROL_OR_FORMAT}]$`, 'u');
    const property = /^[\p{Cc}\p{Cf}]$/u;
    const differ: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (spelled.test(ch) !== property.test(ch)) differ.push(c.toString(16));
    }
    expect(differ).toEqual([]);
    expect(showName('a\u00adb\u2066c\ufeffd\u{e0041}')).toBe('"a\\u00adb\\u2066c\\ufeffd\\udb40"');
    expect(showName('é\u00a0z')).toBe('"é\u00a0z"');
  });
});
