import { z } from 'zod';
import { contracts, deleteRoute, listRoute, ZDollars, ZId, ZTimestamp } from '../contract';
import { idField, optionalEnum } from '../fields';
import { listQuerySchema } from '../list-query';
import { ZBankDetailsViewSchema } from '../payments/contract';
import { ROLES } from '../roles';
import { createUserSchema, TAX_STATUSES, USER_ROLES, updateUserSchema } from './schemas';

/** docs/product.md §3 profile: money in dollars, percentages as numbers (null = the organisation setting). */
export const ZProfileSchema = z.object({
  missionary_number: z.string().nullable(),
  tax_status: z.enum(TAX_STATUSES).nullable(),
  fica_tax: z.literal([0, 1]),
  /** A minister (decision 33, docs/decisions.md): no FICA shares; housing allowance under designations. */
  minister: z.literal([0, 1]).optional(),
  retirement_amount: ZDollars,
  fund_balance: ZDollars,
  unreimbursed_amount: ZDollars,
  net_salary: ZDollars,
  social_security: z.number().nullable(),
  medicare: z.number().nullable(),
  federal_income_tax: ZDollars,
  wire_fee: ZDollars,
  housing_allowance: ZDollars,
  insurance_amount: ZDollars,
  admin_fee_percentage: z.number().nullable(),
  admin_fee_cap: ZDollars.nullable(),
});

export const ZUserSchema = z
  .object({
    id: ZId,
    name: z.string(),
    email: z.string(),
    role: z.enum([...ROLES, 'none']),
    missionary_number: z.string().nullable(),
    unreimbursed_amount: ZDollars,
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    deleted_at: ZTimestamp.nullable(),
    profile: ZProfileSchema.nullable(),
    /** Masked; on one user's answer (GET and POST /user/{id}), never on lists. */
    bank_details: ZBankDetailsViewSchema.optional(),
  })
  .meta({ id: 'User' });

export type TProfile = z.infer<typeof ZProfileSchema>;
export type TUser = z.infer<typeof ZUserSchema>;

export const USER_SORTS = ['id', 'name', 'email', 'role', 'missionary_number', 'created_at'] as const;

export const ZUserIdParamsSchema = z.object({ id: idField('User id') });

export const ZListUsersQuerySchema = z.object({
  role: optionalEnum('Role', USER_ROLES),
  q: z.string().optional(),
});

export const ZPaginatedUsersQuerySchema = listQuerySchema(
  USER_SORTS,
  { limit: 10 },
  {
    trashed: z.preprocess((v) => v === '1' || v === 'true' || v === 1, z.boolean()),
    role: optionalEnum('Role', USER_ROLES),
  },
);

export const ZSearchUsersQuerySchema = z.object({
  q: z.string().default(''),
  role: optionalEnum('Role', USER_ROLES),
});

/** Without SMTP the welcome mail reaches nobody, so the admin gets its one-time link (decision 16). */
export const ZCreateUserResponseSchema = ZUserSchema.extend({ sign_in_link: z.string().optional() });

export const ZDeleteUserResponseSchema = ZUserSchema.extend({ deleted: z.boolean() });

export const usersContract = contracts('Users', {
  createUser: {
    method: 'POST',
    path: '/user',
    summary: 'Create a user (admin); the client generates the password and a welcome email is sent.',
    request: { body: createUserSchema },
    responses: { 201: ZCreateUserResponseSchema },
  },
  listUsers: {
    method: 'GET',
    path: '/user',
    summary: 'Active users, optionally of one role or matching a search.',
    request: { query: ZListUsersQuerySchema },
    responses: { 200: z.array(ZUserSchema) },
  },
  listArchivedUsers: {
    method: 'GET',
    path: '/user/archived',
    summary: 'Archived users.',
    request: {},
    responses: { 200: z.array(ZUserSchema) },
  },
  paginateUsers: listRoute(
    '/paginated_user',
    'One page of users (trashed=1 for archived ones).',
    ZPaginatedUsersQuerySchema,
    ZUserSchema,
  ),
  searchUsers: {
    method: 'GET',
    path: '/search_user',
    summary: 'Users whose name, email or Account # match q (missionaries unless role says otherwise).',
    request: { query: ZSearchUsersQuerySchema },
    responses: { 200: z.array(ZUserSchema) },
  },
  getUser: {
    method: 'GET',
    path: '/user/:id',
    summary: 'One user with profile (staff: anyone; a missionary: themselves).',
    request: { params: ZUserIdParamsSchema },
    responses: { 200: ZUserSchema },
  },
  updateUserPost: {
    method: 'POST',
    path: '/user/:id',
    summary: 'Update basic and payroll fields (same as PATCH).',
    request: { params: ZUserIdParamsSchema, body: updateUserSchema },
    responses: { 200: ZUserSchema },
  },
  updateUser: {
    method: 'PATCH',
    path: '/user/:id',
    summary: 'Update basic and payroll fields; blank clears a percentage back to the setting.',
    request: { params: ZUserIdParamsSchema, body: updateUserSchema },
    responses: { 200: ZUserSchema },
  },
  deleteUser: deleteRoute(
    '/user/:id',
    'Archive a user (a user with history is archived, never erased).',
    ZUserIdParamsSchema,
    ZDeleteUserResponseSchema,
  ),
  restoreUser: {
    method: 'POST',
    path: '/user/:id/restore',
    summary: 'Restore an archived user.',
    request: { params: ZUserIdParamsSchema },
    responses: { 200: ZUserSchema },
  },
});
