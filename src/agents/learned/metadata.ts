/**
 * What tengym stores beside the weights, in `model.json`'s `userDefinedMetadata.tengym`:
 * which env (id and options) the model plays, its sizes, how it was trained, and its
 * evaluation. Loading a model into an env it was not trained for is an error (model-fit.ts).
 */
import * as z from 'zod/mini';
import { TengymError, protoKeyPath, protoKeyReason } from '../../env/errors.js';
import { modelAlgorithms } from './algorithm-names.js';

export { GENERIC_MODEL_ALGORITHMS, modelAlgorithms } from './algorithm-names.js';

/**
 * A learned search's exact endgame, in a model's metadata and in the training config that writes it: the stock size at
 * or below which it applies, and the positions the fair solve may value a decision.
 */
export const endgameCardsSchema = z.int().check(z.minimum(0), z.maximum(52));
export const endgamePositionsSchema = z.int().check(z.minimum(0), z.maximum(1_000_000));
/**
 * A learned search's horizon positions a decision may value (`maxLeaves`): each holds a row of
 * features (2 kB in the decade family), so the bound keeps a decision's memory to a few hundred
 * MB whatever a model file or a config says (the shipped models search 256 or 512).
 */
export const maxLeavesSchema = z.int().check(z.minimum(1), z.maximum(100_000));
/** With `endgame` on one stock: the sampled deals each move is solved on there instead of a tree (`pimc`'s rule). */
export const endgameSamplesSchema = z.int().check(z.minimum(0), z.maximum(4096));

export const modelMetadataSchema = z.object({
  format: z.literal('tengym-model/1'),
  env: z.string(),
  options: z.record(z.string(), z.unknown()),
  observationSize: z.int().check(z.positive()),
  numActions: z.int().check(z.positive()),
  /** The algorithm that trained it (src/train/algorithms/index.ts lists them); how it plays is `head`. */
  algorithm: z.string().check(
    z.refine((a) => modelAlgorithms().includes(a), {
      error: () => `not an algorithm of tengym train (${modelAlgorithms().join(', ')})`,
    }),
  ),
  /**
   * 'logits': a policy head (softmax over legal actions); 'q': action values;
   * 'afterstate': values of the positions the actions lead to (afterstate-agent.ts);
   * 'search': values of positions at the horizon of a search over the next draws (decade/learned-search.ts).
   */
  head: z.enum(['logits', 'q', 'afterstate', 'search']),
  /** The network's input when it is not the env's observation (afterstate models: 'decade-line/1'). */
  features: z.optional(z.string()),
  /**
   * The search the agent plays with at decision time, none when absent. Afterstate models:
   * 'next-turn' (Four Ten): every turn start the expansion reaches valued one turn deeper, by
   * the rules, with the network at the turn after (four-ten/learned-lookahead.ts). 'search' models: how
   * the expectimax over the next draws searches (decade/learned-search.ts): draws looked ahead,
   * horizon positions per decision, the weight of the cards left beside P(win), and optionally
   * the stock size at or below which a decision is searched exactly to the game's end
   * (`endgame`; with 'deck-bottom', any K > 0: the solver decides once no card is unseen), and
   * how many positions the exact fair solve may value there instead of a tree (`endgamePositions`),
   * or on how many sampled deals `pimc`'s rule values each move there (`endgameSamples`).
   */
  search: z.optional(
    z.union([
      z.enum(['next-turn']),
      z.strictObject({
        depth: z.int().check(z.minimum(0), z.maximum(8)),
        maxLeaves: maxLeavesSchema,
        tieWeight: z.number().check(z.minimum(0)),
        endgame: z.optional(endgameCardsSchema),
        endgamePositions: z.optional(endgamePositionsSchema),
        endgameSamples: z.optional(endgameSamplesSchema),
      }),
    ]),
  ),
  config: z.record(z.string(), z.unknown()),
  steps: z.int().check(z.minimum(0)),
  trainingSeconds: z.optional(z.number().check(z.minimum(0))),
  /** The command that trained it, for models/README.md and for retraining. */
  command: z.optional(z.string()),
  /** The evaluation report made when it was saved. */
  evaluation: z.optional(z.unknown()),
  createdBy: z.optional(z.string()),
  /**
   * The tengym version and TensorFlow.js backend that trained it: the same command retrains the same weights on both
   * the same.
   */
  tengymVersion: z.optional(z.string()),
  backend: z.optional(z.string()),
});

/**
 * What a model says of itself (`userDefinedMetadata.tengym` in its model.json): the env and options it
 * plays, its features and head, its search, and how it was trained and evaluated.
 */
export type ModelMetadata = z.infer<typeof modelMetadataSchema>;

/**
 * A model's tengym metadata, checked: a `TengymError` ('bad-argument') naming `where` when it is missing or
 * malformed, so that a model for another env or a model.json of another program is refused before it plays.
 */
export function parseMetadata(user: unknown, where: string): ModelMetadata {
  const raw = (user as { tengym?: unknown } | undefined)?.tengym;
  if (raw === undefined)
    throw new TengymError(
      'bad-argument',
      `${where} is a TensorFlow.js model without tengym metadata (userDefinedMetadata.tengym)`,
    );
  // Options with a "__proto__" key would reach the env without it (zod's records drop it): another game than the file
  // says.
  const proto = protoKeyPath(raw);
  if (proto !== null) throw new TengymError('bad-argument', `${where}: bad tengym metadata: ${protoKeyReason(proto)}`);
  const parsed = modelMetadataSchema.safeParse(raw);
  if (!parsed.success)
    throw new TengymError(
      'bad-argument',
      `${where}: bad tengym metadata: ${z.prettifyError(parsed.error).replace(/\n\s*/g, ' ')}`,
    );
  return parsed.data;
}
