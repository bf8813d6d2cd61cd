import { toDollars } from '../../domain/money';
import type { Role } from '../../domain/roles';
import type { TProfile, TUser } from '../../domain/users/contract';
import type { profiles, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

const percent = (value: string | null) => (value === null ? null : Number(value));

/** The wire shape of a user (docs/product.md §3): basic fields plus `profile`; money in dollars, fica_tax 0/1. */
export function serializeUser(user: UserRow, profile: ProfileRow | null): TUser {
  const serializedProfile: TProfile | null = profile && {
    missionary_number: user.missionaryNumber,
    tax_status: profile.taxStatus as TProfile['tax_status'],
    fica_tax: profile.ficaTax ? 1 : 0,
    minister: profile.minister ? 1 : 0,
    retirement_amount: toDollars(profile.retirementAmount),
    fund_balance: toDollars(profile.fundBalance),
    unreimbursed_amount: toDollars(profile.unreimbursedAmount),
    net_salary: toDollars(profile.netSalary),
    social_security: percent(profile.socialSecurity),
    medicare: percent(profile.medicare),
    federal_income_tax: toDollars(profile.federalIncomeTax),
    wire_fee: toDollars(profile.wireFee),
    housing_allowance: toDollars(profile.housingAllowance),
    insurance_amount: toDollars(profile.insuranceAmount),
    admin_fee_percentage: percent(profile.adminFeePercentage),
    admin_fee_cap: profile.adminFeeCap === null ? null : toDollars(profile.adminFeeCap),
  };
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as Role,
    missionary_number: user.missionaryNumber,
    unreimbursed_amount: profile ? toDollars(profile.unreimbursedAmount) : 0,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    deleted_at: user.deletedAt ? user.deletedAt.toISOString() : null,
    profile: serializedProfile,
  };
}

export type SerializedUser = ReturnType<typeof serializeUser>;
