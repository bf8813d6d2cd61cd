/** Wire shapes of the hold accounts API, inferred from its contract. */
export type {
  THoldAccount as HoldAccount,
  THoldAccountTransaction as HoldAccountTransaction,
} from '../../../domain/hold-accounts/contract';
