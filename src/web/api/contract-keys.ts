import type { EndpointContract } from '../../domain/contract';
import type { CallInput } from './call';

/*
 * TanStack Query keys derived from the contract a query calls (src/web/api/query-keys.ts holds the rest).
 * Apart from query-keys.ts, which the first page loads: these come with `call()` into the screens using it.
 */

/** What a key needs of a contract: its feature (tag) and operation, set by `contracts()`. */
type Named = Pick<EndpointContract, 'tag' | 'operationId'>;
type KeyInput<C extends EndpointContract> = Pick<CallInput<C>, 'params' | 'query'>;

/**
 * The key of one call's answer, from the contract it calls: `[feature, operation, {params, query}]`.
 * Use it with `call(contract.op, input)` in the same query, so key and request cannot drift apart.
 */
export function queryKeyOf<C extends EndpointContract>(contract: C, input?: KeyInput<C>) {
  return [contract.tag, contract.operationId, { params: input?.params, query: input?.query }] as const;
}

/** Every answer of one operation, whatever its params and query: for `invalidateQueries`. */
export function operationKeyOf(contract: Named) {
  return [contract.tag, contract.operationId] as const;
}

/** Every answer of one feature (the contract's tag), as `keys.<feature>.all` below. */
export function featureKeyOf(contract: Named) {
  return [contract.tag] as const;
}
