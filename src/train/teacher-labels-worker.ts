/** Worker thread of teacher-labels.ts: labels its share of each round's positions on another core. */
import { workerData } from 'node:worker_threads';
import { serveLabels, type LabelWorkerSetup } from './teacher-labels.js';

serveLabels(workerData as LabelWorkerSetup);
