/**
 * A trained network as the games' own code sees it: its input width, a batched forward pass and its
 * release, with no TensorFlow.js in sight. A game's search with learned values (a model head of its
 * own) and its afterstate training targets take one; `tengym/models` and training make one from a
 * TensorFlow.js model (learned/network.ts, `valueNetwork`), so the browser-safe games load no
 * TensorFlow.js of their own.
 */
export interface ValueNetwork {
  /** Features per row, as the network reads them (null where its input does not say). */
  readonly inputSize: number | null;
  /**
   * The outputs of rows[0 … count · size), every output head concatenated per row (a [win, cost] network: 2 a
   * row), in one or a few forward passes.
   */
  outputs(rows: Float32Array, count: number, size: number): Float32Array;
  /** Frees the network's weights (TensorFlow.js memory no garbage collector frees). */
  dispose(): void;
}
