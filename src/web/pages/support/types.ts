export type { TSupport as Support } from '../../../domain/support/contract';
