// The platform tengym gives TensorFlow.js where it registers none (Hermes): its UTF-8 without
// TextEncoder and TextDecoder, which Hermes 0.12 lacks, as those would encode and decode. The
// platform at work on Hermes is test/react-native/hermes.test.ts's.
import { afterEach, describe, expect, it } from 'vitest';
import { minimalPlatform, utf8Decode, utf8Encode } from '../../../src/agents/learned/tf-platform.js';
import * as tf from '../../../src/agents/learned/tf.js';

const { TextEncoder: NodeEncoder, TextDecoder: NodeDecoder } = globalThis;
const withoutTextCoders = () => {
  Object.assign(globalThis, { TextEncoder: undefined, TextDecoder: undefined });
};
afterEach(() => {
  Object.assign(globalThis, { TextEncoder: NodeEncoder, TextDecoder: NodeDecoder });
});

const TEXTS = ['', 'model.json', 'poids-é-✓-😀.bin', '%41 100%', '\u0000\u007f\u0080\u07ff\u0800\uffff'];

describe('tf-platform: UTF-8 without TextEncoder and TextDecoder', () => {
  it('encodes and decodes as TextEncoder and TextDecoder do', () => {
    const expected = TEXTS.map((t) => Array.from(new NodeEncoder().encode(t)));
    withoutTextCoders();
    expect(typeof TextEncoder).toBe('undefined');
    expect(TEXTS.map((t) => Array.from(utf8Encode(t)))).toEqual(expected);
    expect(expected.map((bytes) => utf8Decode(new Uint8Array(bytes)))).toEqual(TEXTS);
    // A byte-order mark is dropped, as TextDecoder drops it.
    expect(utf8Decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(() => utf8Decode(new Uint8Array([0xc3, 0x28]))).toThrow(URIError);
  });

  it('the platform answers TensorFlow.js as a browser platform would, UTF-8 only', () => {
    withoutTextCoders();
    expect(minimalPlatform.decode(minimalPlatform.encode('✓ ok', 'utf-8'), 'utf8')).toBe('✓ ok');
    expect(() => minimalPlatform.encode('x', 'latin1')).toThrow(/UTF-8 only, not latin1/);
    expect(minimalPlatform.isTypedArray(new Float32Array(1))).toBe(true);
    expect(minimalPlatform.isTypedArray(new Float64Array(1))).toBe(false);
    expect(minimalPlatform.isTypedArray([1])).toBe(false);
    expect(minimalPlatform.now()).toBeGreaterThan(0);
  });

  it('is not used where TensorFlow.js has a platform of its own (Node here)', () => {
    expect(tf.env().platformName).toBe('node');
  });
});
