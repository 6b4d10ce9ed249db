/** Worker thread of teacher-labels.ts: labels its share of each round's positions on another core. */
// The teachers are the decade family's agents: its module registers them in this thread.
import '../index.js';
import { workerData } from 'node:worker_threads';
import { serveLabels, type LabelWorkerSetup } from './teacher-labels.js';

serveLabels(workerData as LabelWorkerSetup);
