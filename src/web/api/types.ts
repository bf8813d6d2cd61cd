/** The web's view of the API's wire shapes: inferred from the contracts (src/domain/<feature>/contract.ts). */
export type { TSessionUser as SessionUser } from '../../domain/auth/contract';
export type { TCategory as Category } from '../../domain/categories/contract';
export type { TPage as Page } from '../../domain/contract';
export type { TSetting as Setting } from '../../domain/settings/contract';
export type { TProfile as Profile, TUser as User } from '../../domain/users/contract';
