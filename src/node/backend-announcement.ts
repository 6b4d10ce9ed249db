/**
 * Whether the TensorFlow.js backend chosen is said on stderr by default. The command line says
 * it (its user sees which backend runs); a program using the library hears nothing unless it asks
 * (`loadAgent(dir, { announceBackend: true })`). Apart from tf-backend.ts so that the command
 * line sets it without loading TensorFlow.js.
 */
let byDefault = false;

/** The command line's setting: say the backend chosen (`false`: a command whose output a player reads, `play`). */
export function announceBackendByDefault(on = true): void {
  byDefault = on;
}

export function backendAnnouncedByDefault(): boolean {
  return byDefault;
}
