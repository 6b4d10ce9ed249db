/**
 * TensorFlow.js as tengym uses it, the one place every file imports it from: the core (tensors,
 * operations, gradients, optimisers, model files) and the layers API (the networks), with the
 * plain-JavaScript backend `cpu` registered, which runs everywhere. Not the union package
 * `@tensorflow/tfjs`, which adds the graph-model converter, tf.data and their polyfills, none of
 * which tengym uses, 140 MB more in an app's node_modules. The layers package registers the
 * gradients that training takes; the WebAssembly backend loads where a backend is chosen
 * (node/tf-backend.ts, browser-backend.ts), WebGL with browser-backend.ts. Where TensorFlow.js
 * registers no platform (Hermes: neither a browser nor Node), tf-platform.ts's. Browser-safe.
 */
import '@tensorflow/tfjs-backend-cpu';
import { env, type Platform } from '@tensorflow/tfjs-core';
import { minimalPlatform } from './tf-platform.js';

const platform: Platform = minimalPlatform;
if (env().platform == null) env().setPlatform('minimal', platform);

export * from '@tensorflow/tfjs-core';
export * from '@tensorflow/tfjs-layers';
