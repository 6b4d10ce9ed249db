/**
 * A TensorFlow.js platform for JavaScript engines that get none: TensorFlow.js registers one in
 * a browser (a document or a worker) and in Node, and nowhere else, so on Hermes (React Native)
 * `env().platform` stays unset and the first tensor fails ("Cannot read property 'isTypedArray'
 * of undefined"). React Native apps that install `@tensorflow/tfjs-react-native` get its 'rn'
 * platform, which replaces this one. Browser-safe; tf.ts registers it.
 */
/**
 * What TensorFlow.js asks of a platform (its `Platform`, which tf.ts checks this against: only tf.ts imports
 * TensorFlow.js).
 */
export interface MinimalPlatform {
  fetch(path: string, init?: RequestInit): Promise<Response>;
  now(): number;
  encode(text: string, encoding: string): Uint8Array;
  decode(bytes: Uint8Array, encoding: string): string;
  isTypedArray(a: unknown): a is Float32Array | Int32Array | Uint8Array | Uint8ClampedArray;
}

/** Bytes as UTF-8 text, without TextDecoder (Hermes long had none); throws a URIError on bytes that are not UTF-8. */
export function utf8Decode(bytes: Uint8Array): string {
  if (typeof TextDecoder === 'function') return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  let escaped = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    escaped += b < 0x80 && b !== 0x25 ? String.fromCharCode(b) : `%${b < 16 ? '0' : ''}${b.toString(16)}`;
  }
  return decodeURIComponent(escaped).replace(/^\uFEFF/, '');
}

/** Text as UTF-8 bytes, without TextEncoder (Hermes 0.12 has none). */
export function utf8Encode(text: string): Uint8Array {
  if (typeof TextEncoder === 'function') return new TextEncoder().encode(text);
  const escaped = encodeURIComponent(text);
  const bytes: number[] = [];
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] === '%') {
      bytes.push(parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(escaped.charCodeAt(i));
  }
  return new Uint8Array(bytes);
}

function checkUtf8(encoding: string): void {
  if (encoding.toLowerCase().replace('-', '') !== 'utf8')
    throw new Error(`this platform encodes UTF-8 only, not ${encoding}`);
}

/** What TensorFlow.js asks of a platform, from the engine's own globals. */
export const minimalPlatform: MinimalPlatform = {
  fetch(path, init) {
    const fetchFn = (globalThis as { fetch?: typeof fetch }).fetch;
    if (typeof fetchFn !== 'function')
      throw new Error(`TensorFlow.js cannot fetch ${path}: this JavaScript engine has no fetch`);
    return fetchFn(path, init);
  },
  now() {
    const performance = (globalThis as { performance?: { now(): number } }).performance;
    return performance !== undefined ? performance.now() : Date.now();
  },
  encode(text, encoding) {
    checkUtf8(encoding);
    return utf8Encode(text);
  },
  decode(bytes, encoding) {
    checkUtf8(encoding);
    return utf8Decode(bytes);
  },
  isTypedArray(a): a is Float32Array | Int32Array | Uint8Array | Uint8ClampedArray {
    return (
      a instanceof Float32Array || a instanceof Int32Array || a instanceof Uint8Array || a instanceof Uint8ClampedArray
    );
  },
};
