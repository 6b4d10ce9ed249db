/**
 * `patient` — Elevens' simple heuristic: pairs and sets first; a face card goes aside only when it
 * fits the reserves or its set can go out at once; where a suit must be chosen (Suit Elevens), the
 * suit with the most face cards on the grid. Under `'reserve-no-refill'` (Elevens Too) this is the
 * exact optimum: a card set aside while its set cannot complete stops the grid for good
 * (solver.ts). Under the decision-free rules it plays as any policy does.
 */
import type { Env } from '../../../env/env.js';
import { SeedlessAgent } from '../../../agents/agent.js';
import { elevensEnv, patientMove } from './common.js';

export class PatientAgent extends SeedlessAgent {
  readonly name = 'patient';

  act(env: Env): number {
    const { state } = elevensEnv(env, this.name);
    return patientMove(env, state);
  }
}
