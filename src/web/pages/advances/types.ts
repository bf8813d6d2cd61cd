/** Wire shapes of the advance requests API, inferred from its contract. */
export type { TAdvance as Advance } from '../../../domain/advances/contract';
