/**
 * The backend TensorFlow.js's engine has set in this process, read without loading TensorFlow.js or setting one up
 * (`tf.getBackend()` would pick one where none is yet): null before anything loaded it or chose one.
 */
export function backendSet(): string | null {
  return (globalThis as { _tfengine?: { backendName: string | null } })._tfengine?.backendName ?? null;
}
