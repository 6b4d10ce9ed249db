/**
 * Whether choosing the TensorFlow.js backend is said on stderr. The command line says it (its
 * user sees which backend runs); a program using the library hears nothing unless it asks
 * (`loadAgent(dir, { announceBackend: true })`). Apart from tf-backend.ts so that the command
 * line sets it without loading TensorFlow.js.
 */
let announced = false;

/** The command line's default: say the backend when one is chosen. */
export function announceBackendChoice(): void {
  announced = true;
}

export function backendChoiceAnnounced(): boolean {
  return announced;
}
