import {
  computeDistribution,
  type DistributionRequest,
  type DistributionRequestInput,
  type DistributionResult,
  distributionRequestSchema,
} from '../../../domain/distributions';
import {
  buildDistributionInput,
  contextMatches,
  type DistributionContext,
} from '../../../domain/distributions/context';
import { AppError, type FieldErrors, fieldErrorsOf } from '../../../domain/errors';

/**
 * The live preview: the payload the form would send, parsed by the shared schema, turned into the
 * engine's input by the same `buildDistributionInput` the server calls, and computed by the same
 * `computeDistribution`. What staff see is what the server stores.
 */
export type Preview =
  | { kind: 'ok'; payload: DistributionRequest; result: DistributionResult }
  /** The choices do not parse (a typed amount that is not money, dates missing or reversed). */
  | { kind: 'invalid'; errors: FieldErrors; message: string }
  /** The engine refused the input (e.g. retirement above salary + housing). */
  | { kind: 'refused'; errors: FieldErrors; message: string }
  /** The loaded data is for other choices (user, dates or upload changed and are reloading). */
  | { kind: 'stale' };

export function computePreview(context: DistributionContext, payload: DistributionRequestInput): Preview {
  const parsed = distributionRequestSchema.safeParse(payload);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error.issues);
    return { kind: 'invalid', errors, message: Object.values(errors)[0]?.[0] ?? 'Please check the form.' };
  }
  if (!contextMatches(context, parsed.data)) return { kind: 'stale' };
  try {
    const result = computeDistribution(buildDistributionInput(context, parsed.data));
    return { kind: 'ok', payload: parsed.data, result };
  } catch (error) {
    if (error instanceof AppError) return { kind: 'refused', errors: error.errors ?? {}, message: error.message };
    throw error;
  }
}
