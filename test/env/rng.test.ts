import { describe, expect, it } from 'vitest';
import {
  cardCode,
  cardLabel,
  deckTokens,
  orderedDeck,
  parseCardCode,
  parseStandardDeck,
  rankOf,
  suitOf,
} from '../../src/env/cards.js';
import { TengymError } from '../../src/env/errors.js';
import { thrown } from '../helpers/pairing.js';
import { make } from '../../src/env/registry.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { createRng, deriveSeed, randomInt, shuffleInPlace, type Rng } from '../../src/env/rng.js';

const shuffled = (seed: number) => {
  const deck = orderedDeck();
  shuffleInPlace(createRng(seed), deck);
  return Array.from(deck, cardCode).join(' ');
};

describe('seeded deals', () => {
  it('gives consecutive seeds unrelated draws', () => {
    // With the seed fed to xoroshiro128+ as is, draw(s + 1) = draw(s) - 1 for most s.
    const first = Array.from({ length: 2000 }, (_, s) => randomInt(createRng(s), 0, 51));
    let steps = 0;
    for (let s = 1; s < first.length; s++) if (Math.abs(first[s] - first[s - 1]) === 1) steps++;
    expect(steps).toBeLessThan(2000 * (4 / 52)); // about 2/52 expected by chance
    const counts = new Array(52).fill(0);
    for (const v of first) counts[v]++;
    expect(Math.max(...counts)).toBeLessThan(80); // about 38 each
  });

  it('gives distinct seeds distinct states', () => {
    const seen = new Set<string>();
    for (const seed of [0, 1, 2, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1, 12345678901])
      seen.add(createRng(seed).getState().join());
    expect(seen.size).toBe(8);
  });

  it('shuffles exactly as Fisher–Yates over pure-rand uniformInt', () => {
    for (let seed = 0; seed < 2000; seed++) {
      const fast = orderedDeck();
      shuffleInPlace(createRng(seed * 7919), fast);
      const reference = Array.from(orderedDeck());
      const rng = createRng(seed * 7919);
      for (let i = reference.length - 1; i > 0; i--) {
        const j = uniformInt(rng, 0, i);
        [reference[i], reference[j]] = [reference[j], reference[i]];
      }
      expect(Array.from(fast)).toEqual(reference);
    }
  });

  it('redraws a draw left over after the last whole run of the range, exactly as uniformInt does', () => {
    /** A generator that gives these 32-bit outputs, then zeros. */
    const scripted = (outputs: number[]): Rng => {
      let k = 0;
      return { next: () => outputs[k++] ?? 0 } as unknown as Rng;
    };
    // The first output, shifted to 0..2^32 − 1, is 2^32 − 1: the one value left over after
    // 1,431,655,765 whole runs of 0, 1, 2. It must be redrawn, or j in 0..2 would lean towards 0.
    const outputs = [2 ** 31 - 1, -(2 ** 31) + 1, 0];
    const fast = [0, 1, 2];
    shuffleInPlace(scripted(outputs), fast);
    const reference = [0, 1, 2];
    const rng = scripted(outputs);
    for (let i = reference.length - 1; i > 0; i--) {
      const j = uniformInt(rng, 0, i);
      [reference[i], reference[j]] = [reference[j], reference[i]];
    }
    expect(fast).toEqual(reference);
    expect(fast).toEqual([2, 0, 1]); // j = 1 (from the redraw, 1), then j = 0
  });

  it(
    'takes any safe integer as a seed, negative ones too (derived ' + 'seeds such as seed ^ k), and refuses the rest',
    () => {
      expect(createRng(-1).getState()).not.toEqual(createRng(1).getState());
      expect(createRng(-(2 ** 53 - 1)).getState()).not.toEqual(createRng(2 ** 53 - 1).getState());
      for (const bad of ['x', '7', null, undefined, Number.NaN, 1.5, Number.POSITIVE_INFINITY, 2 ** 53]) {
        const e = thrown(() => createRng(bad as number));
        expect(e.code, String(bad)).toBe('bad-seed');
        expect(e.message).toMatch(/^bad seed .+: expected an integer from -9007199254740991 to 9007199254740991$/);
      }
      expect(thrown(() => createRng('x' as never)).message).toBe(
        'bad seed "x": expected an integer from -9007199254740991 to 9007199254740991',
      );
    },
  );

  it(
    'randomInt refuses bounds that are not integers in order (it looped forever on NaN, gave 2 for 0..1.5 and 8 ' +
      'for 5..0)',
    () => {
      const rng = createRng(1);
      for (const [from, to] of [
        [0, Number.NaN],
        [0, Number.POSITIVE_INFINITY],
        [0, undefined],
        [0, 1.5],
        [0.5, 3],
        [5, 0],
        [0, -1],
        ['0', 3],
        [0, 2 ** 53],
      ]) {
        const e = thrown(() => randomInt(rng, from as number, to as number));
        expect(e.code, `${String(from)}..${String(to)}`).toBe('bad-argument');
      }
      expect(thrown(() => randomInt(rng, 5, 0)).message).toBe(
        'randomInt takes integer bounds from ≤ to, got from 5, to 0',
      );
      expect(thrown(() => randomInt(rng, 0, Number.NaN)).message).toBe(
        'randomInt takes integer bounds from ≤ to, got from 0, to NaN',
      );
      expect(randomInt(rng, 3, 3)).toBe(3);
      expect(randomInt(rng, -(2 ** 53 - 1), 2 ** 53 - 1)).toSatisfy(Number.isSafeInteger);
    },
  );

  it('shuffleInPlace refuses what is not an array, or a length past its end', () => {
    const rng = createRng(1);
    for (const bad of [null, undefined, 'AS 2C', { length: 2 }, new DataView(new ArrayBuffer(4))])
      expect(thrown(() => shuffleInPlace(rng, bad as never)).code).toBe('bad-argument');
    expect(thrown(() => shuffleInPlace(rng, null as never)).message).toBe(
      'shuffleInPlace takes an array or a typed array, got null',
    );
    for (const length of [5, -1, 1.5, Number.NaN])
      expect(thrown(() => shuffleInPlace(rng, [1, 2, 3], length)).code).toBe('bad-argument');
    expect(thrown(() => shuffleInPlace(rng, new Uint8Array(3), 5)).message).toBe(
      'shuffleInPlace: length must be an integer from 0 to the 3 items, got 5',
    );
    const part = [1, 2, 3, 4, 5];
    shuffleInPlace(rng, part, 3);
    expect(part.slice(3)).toEqual([4, 5]);
    expect(part.slice(0, 3).sort()).toEqual([1, 2, 3]);
  });

  it('separates seeds above 2^32', () => {
    expect(shuffled(2 ** 32 + 5)).not.toEqual(shuffled(5));
  });

  // Golden: these deals must never change (SPEC: same seed, same deal, in every version).
  it('pins the deals of a few seeds', () => {
    expect(shuffled(0)).toMatchInlineSnapshot(
      `"AS QC AC TS 2C KH 2H 3C 3H JD 7D TD 9D 2S KC 9C 7H 5H 3D 6H 4H 4D QS 5S 7S TC 6S QH 8H 9S 4S 5C 9H 7C ` +
        `AH 6C 8S TH 5D 2D 3S QD JH AD KS JS 8C KD 8D 4C JC 6D"`,
    );
    expect(shuffled(1)).toMatchInlineSnapshot(
      `"JD 3H 8H 6D 4D 8C 2S 6H AH JC 3S 2D 9H 2C QD JS KD QS 3D TS AS 9S 6S 7S 5H 4H 2H 8S 7H 7D 8D 5S 3C 7C ` +
        `9D 5D QC 4C 6C TD JH QH TC AD KC TH AC 4S KS 9C KH 5C"`,
    );
    expect(shuffled(42)).toMatchInlineSnapshot(
      `"3D TH JH 8D AS 8H 5H TC 9S QH 2S 8C KH JS KD 2C 9D 7H 6H 8S KS QS 5D 7D 9H 6C JC 3S 4D AH KC 4H 9C TD ` +
        `5S 4C 6D 6S 5C QD AC 3H 4S TS 3C QC 2D 7C 7S JD AD 2H"`,
    );
  });
});

describe('parseStandardDeck', () => {
  const full = Array.from(orderedDeck(), cardCode);
  it('accepts codes in any case, 10 for T, commas or spaces', () => {
    const text = full.map((c) => c.toLowerCase().replace(/^t/, '10')).join(', ');
    expect(Array.from(parseStandardDeck(text))).toEqual(Array.from(orderedDeck()));
  });
  it.each([
    [full.slice(0, 51).join(' '), /51 cards, a deck has 52 \(missing KS\)/],
    [[...full.slice(0, 51), 'AC'].join(' '), /duplicate cards AC/],
    [[...full.slice(0, 51), 'ZZ'].join(' '), /unknown card codes "ZZ" at index 51/],
    ['', /0 cards/],
    ['AS', /^bad deck: 1 card, a deck has 52 \(missing/],
  ])('rejects a bad deck with a message naming the problem', (deck, message) => {
    expect(() => parseStandardDeck(deck)).toThrow(TengymError);
    expect(() => parseStandardDeck(deck)).toThrow(message);
  });
});

describe('cards', () => {
  it('ids, codes and labels', () => {
    expect([rankOf(0), suitOf(0), rankOf(51), suitOf(51), rankOf(38), suitOf(38)]).toEqual([0, 0, 12, 3, 9, 2]);
    expect([cardCode(0), cardCode(38), cardCode(51)]).toEqual(['AC', 'TH', 'KS']);
    expect([cardLabel(0), cardLabel(38), cardLabel(5), cardLabel(51)]).toEqual(['A♣', '10♥', '2♦', 'K♠']);
    expect(['TH', 'th', '10H', ' 10h ', 'AS', 'KC'].map(parseCardCode)).toEqual([38, 38, 38, 38, 3, 48]);
    expect(['', 'T', '1H', '11H', 'TX', 'AHH', '0S', 'XTH', '1TH', '110H'].map(parseCardCode)).toEqual([
      -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    ]);
    expect(Array.from(orderedDeck()).every((c, i) => c === i)).toBe(true);
    const into = new Uint8Array(52).fill(9);
    expect(orderedDeck(into)).toBe(into);
    expect(into[51]).toBe(51);
    const longer = new Uint8Array(60).fill(99); // the 52 cards, nothing past them
    orderedDeck(longer);
    expect(Array.from(longer.subarray(50))).toEqual([50, 51, 99, 99, 99, 99, 99, 99, 99, 99]);
  });

  it('refuses what is not a card id (an integer 0..51), and parseCardCode gives -1 for what is not text', () => {
    for (const bad of [-1, 52, 1.5, Number.NaN, 'AS', null, undefined]) {
      for (const [name, fn] of [
        ['cardCode', cardCode],
        ['cardLabel', cardLabel],
        ['rankOf', rankOf],
        ['suitOf', suitOf],
      ] as const) {
        const e = thrown(() => fn(bad as number));
        expect(e.code, `${name}(${String(bad)})`).toBe('bad-argument');
        expect(e.message).toMatch(
          new RegExp(`^${name}: .+ is not a card id \\(an integer from 0 to 51, rank \\* 4 \\+ suit\\)$`),
        );
      }
    }
    expect(thrown(() => cardCode(-1)).message).toBe(
      'cardCode: -1 is not a card id (an integer from 0 to 51, rank * 4 + suit)',
    );
    expect(thrown(() => cardLabel('AS' as never)).message).toBe(
      'cardLabel: "AS" is not a card id (an integer from 0 to 51, rank * 4 + suit)',
    );
    expect([null, undefined, 38, {}, ['TH']].map((t) => parseCardCode(t as never))).toEqual([-1, -1, -1, -1, -1]);
  });

  it('splits a deck on spaces and commas, or takes a list', () => {
    expect(deckTokens(' AS,2C  3D ,, 4H\n')).toEqual(['AS', '2C', '3D', '4H']);
    expect(deckTokens(['AS', 7])).toEqual(['AS', '7']);
    expect(() => deckTokens({ cards: 1 } as never)).toThrow(
      /^bad deck \{"cards":1\}: give a string such as "AS 2C …" or an array of card codes$/,
    );
    expect(thrown(() => deckTokens(5 as never)).code).toBe('bad-deck');
  });

  it('says what a typed array is, and that card ids are not card codes', () => {
    const values = Uint8Array.from({ length: 32 }, (_, i) => 1 + (i % 4));
    const typed = thrown(() => make('four-ten').reset({ deck: values as never }));
    expect(typed.code).toBe('bad-deck');
    expect(typed.message).toBe(
      'bad deck: a Uint8Array; give a string such as "AS 2C …" or an array of card codes (Array.from turns a ' +
        'typed array into one)',
    );
    make('four-ten').reset({ deck: Array.from(values) });
    const ids = Array.from(orderedDeck());
    expect(thrown(() => make('decade').reset({ deck: ids })).message).toBe(
      'bad deck: unknown card codes "0" at index 0, "1" at index 1, "2" at index 2, "3" at index 3, "4" at ' +
        'index 4, … (a card is rank A23456789TJQK + suit CDHS, e.g. "TH"; numbers are not card codes: a card ' +
        'id, rank * 4 + suit, is written as its code, 0 as "AC" and 51 as "KS")',
    );
    make('decade').reset({ deck: ids.map(cardCode) });
    expect(thrown(() => parseStandardDeck(['XX', ...ids.slice(1).map(cardCode)])).message).toBe(
      'bad deck: unknown card codes "XX" at index 0 (a card is rank A23456789TJQK + suit CDHS, e.g. "TH")',
    );
  });

  it('names the cards a deck with a duplicate lacks, and each duplicate once with its count', () => {
    const full = Array.from(orderedDeck(), cardCode);
    // One card typed for another: the one it replaced is what to look for.
    const typo = [...full];
    typo[full.indexOf('JS')] = 'JD';
    expect(() => parseStandardDeck(typo)).toThrow(/^bad deck: duplicate cards JD; missing JS$/);
    expect(() => parseStandardDeck(Array(52).fill('AS'))).toThrow(
      /^bad deck: duplicate cards AS ×52; missing AC AD AH 2C .* KH KS$/,
    );
    // With 53 cards nothing is missing: the duplicate and the count are said.
    expect(() => parseStandardDeck([...full, 'AC'])).toThrow(/^bad deck: duplicate cards AC; 53 cards, a deck has 52$/);
    // A short deck with a duplicate is short first: its count, then what it lacks.
    expect(() => parseStandardDeck('AS AS')).toThrow(
      /^bad deck: duplicate cards AS; 2 cards, a deck has 52 \(missing AC AD AH 2C .* KS\)$/,
    );
  });

  it('names up to five unknown codes, then "…", and every problem at once', () => {
    const full = Array.from(orderedDeck(), cardCode);
    const bad = [...full.slice(0, 46), 'X1', 'X2', 'X3', 'X4', 'X5', 'X6'];
    expect(() => parseStandardDeck(bad)).toThrow(
      new RegExp(
        '^bad deck: unknown card codes "X1" at index 46, "X2" at index 47, "X3" at index 48, "X4" at ' +
          String.raw`index 49, "X5" at index 50, … \(a card is rank A23456789TJQK \+ suit CDHS, e\.g\. "TH"\)$`,
      ),
    );
    const five = [...full.slice(0, 47), 'X1', 'X2', 'X3', 'X4', 'X5'];
    expect(() => parseStandardDeck(five)).toThrow(/"X5" at index 51 \(a card/);
    const both = [...full.slice(0, 50), 'AC', 'ZZ'];
    expect(() => parseStandardDeck(both)).toThrow(
      /^bad deck: unknown card codes "ZZ" at index 51 \(.*\); duplicate cards AC$/,
    );
    expect(() => parseStandardDeck([...full.slice(0, 50), 'AC', 'AD'])).toThrow(
      /^bad deck: duplicate cards AC AD; missing KH KS$/,
    );
    expect(() => parseStandardDeck([...full.slice(0, 50)])).toThrow(
      /^bad deck: 50 cards, a deck has 52 \(missing KH KS\)$/,
    );
    expect(Array.from(parseStandardDeck(full))).toEqual(Array.from(orderedDeck()));
  });
});

describe('deriveSeed', () => {
  it('gives a seed (a safe integer, 53 bits of it used) that differs with either number', () => {
    const seen = new Set<number>();
    const big = [2 ** 32, 2 ** 32 + 1, 2 ** 40 + 3, Number.MAX_SAFE_INTEGER];
    for (const a of [...Array.from({ length: 30 }, (_, i) => i), ...big]) {
      for (const b of [...Array.from({ length: 30 }, (_, i) => i), 1_000_003]) {
        const seed = deriveSeed(a, b);
        expect(Number.isSafeInteger(seed) && seed >= 0, `${a}, ${b}: ${seed}`).toBe(true);
        expect(deriveSeed(a, b)).toBe(seed);
        seen.add(seed);
      }
    }
    expect(seen.size).toBe(34 * 31);
    expect(Math.max(...seen)).toBeGreaterThan(2 ** 52);
  });

  // Golden: evaluations and training runs draw their agents' seeds from it, so that their
  // results can be remade; these values must never change.
  it('pins a few values', () => {
    const pairs = [
      [0, 0],
      [1, 0],
      [0, 1],
      [7, 1_000_003],
      [2 ** 32 + 5, 2],
      [Number.MAX_SAFE_INTEGER, 9],
    ];
    expect(pairs.map(([a, b]) => deriveSeed(a, b))).toEqual([
      3074713289669602, 7349979796129989, 7893261713716428, 5991665966931080, 5663411005470839, 6772545723225444,
    ]);
  });
});
