import { eq } from 'drizzle-orm';
import { fromDollars } from '../../src/domain/money';
import type { TAX_STATUSES } from '../../src/domain/users/schemas';
import { profiles } from '../../src/server/db/schema';
import { postJournal } from '../../src/server/journal/journal';
import { demoEmail } from './constants';
import type { DemoSeed } from './types';
import { ensureDemoUser, userIdByEmail } from './users';

interface DemoMissionary {
  name: string;
  login: string;
  accountNumber: string;
  taxStatus: (typeof TAX_STATUSES)[number];
  fica: boolean;
  /** Monthly amounts in dollars. */
  netSalary: number;
  housing: number;
  retirement: number;
  federalIncomeTax: number;
  insurance: number;
  wireFee: number;
  /** Opening balance of the missionary's fund; negative is a deficit carried forward. */
  fundBalance: number;
  /** Percent and dollars overriding the organisation's admin fee (decision 9, docs/decisions.md). */
  adminFee?: { percentage: string; cap: number };
}

/**
 * Ten missionaries with the spread an office sees: W2 employees paying FICA, ministers exempt from
 * it (W2 Exempt), contractors (1099), overseas wires, one override of the admin fee and one deficit.
 */
export const DEMO_MISSIONARIES: DemoMissionary[] = [
  {
    name: 'Ruth Okafor',
    login: 'ruth.okafor',
    accountNumber: '1001',
    taxStatus: 'W2',
    fica: true,
    netSalary: 2400,
    housing: 900,
    retirement: 120,
    federalIncomeTax: 185,
    insurance: 310.5,
    wireFee: 0,
    fundBalance: 6350.25,
  },
  {
    name: 'Daniel Kim',
    login: 'daniel.kim',
    accountNumber: '1002',
    taxStatus: 'W2 Exempt',
    fica: false,
    netSalary: 3100,
    housing: 1400,
    retirement: 250,
    federalIncomeTax: 275,
    insurance: 640,
    wireFee: 0,
    fundBalance: 11820.4,
  },
  {
    name: 'Maria Santos',
    login: 'maria.santos',
    accountNumber: '1003',
    taxStatus: '1099',
    fica: false,
    netSalary: 1800,
    housing: 600,
    retirement: 0,
    federalIncomeTax: 0,
    insurance: 0,
    wireFee: 25,
    fundBalance: 2105.6,
  },
  {
    name: 'Samuel Mensah',
    login: 'samuel.mensah',
    accountNumber: '1004',
    taxStatus: 'W2',
    fica: true,
    netSalary: 2650,
    housing: 1000,
    retirement: 150,
    federalIncomeTax: 205,
    insurance: 285,
    wireFee: 0,
    fundBalance: 4410,
  },
  {
    name: 'Hannah Lindqvist',
    login: 'hannah.lindqvist',
    accountNumber: '1005',
    taxStatus: 'W2 Exempt',
    fica: false,
    netSalary: 2900,
    housing: 1250,
    retirement: 200,
    federalIncomeTax: 240,
    insurance: 295.75,
    wireFee: 15,
    fundBalance: 8975.1,
    adminFee: { percentage: '8', cap: 350 },
  },
  {
    name: 'Joseph Tanaka',
    login: 'joseph.tanaka',
    accountNumber: '1006',
    taxStatus: '1099',
    fica: false,
    netSalary: 2000,
    housing: 700,
    retirement: 100,
    federalIncomeTax: 0,
    insurance: 0,
    wireFee: 30,
    fundBalance: 1290.35,
  },
  {
    name: 'Esther Haddad',
    login: 'esther.haddad',
    accountNumber: '1007',
    taxStatus: 'W2',
    fica: true,
    netSalary: 2200,
    housing: 850,
    retirement: 110,
    federalIncomeTax: 160,
    insurance: 305,
    wireFee: 0,
    fundBalance: 3560.8,
  },
  {
    name: 'Peter Novak',
    login: 'peter.novak',
    accountNumber: '1008',
    taxStatus: 'W2',
    fica: true,
    netSalary: 2750,
    housing: 950,
    retirement: 275,
    federalIncomeTax: 230,
    insurance: 315,
    wireFee: 0,
    fundBalance: 5025,
  },
  {
    name: 'Lydia Mwangi',
    login: 'lydia.mwangi',
    accountNumber: '1009',
    taxStatus: 'W2 Exempt',
    fica: false,
    netSalary: 1950,
    housing: 900,
    retirement: 0,
    federalIncomeTax: 90,
    insurance: 260,
    wireFee: 20,
    fundBalance: 2740.15,
  },
  {
    name: 'Andrew MacLeod',
    login: 'andrew.macleod',
    accountNumber: '1010',
    taxStatus: '1099',
    fica: false,
    netSalary: 2300,
    housing: 800,
    retirement: 150,
    federalIncomeTax: 0,
    insurance: 0,
    wireFee: 0,
    fundBalance: -420,
  },
];

/** Creates the missing missionaries with their payroll profile; each opening balance gets its journal row. */
export const missionariesSeed: DemoSeed = {
  name: 'missionaries',
  async run({ tx, now }) {
    const adminId = await userIdByEmail(tx, demoEmail('admin'));
    let created = 0;
    for (const person of DEMO_MISSIONARIES) {
      const user = await ensureDemoUser(tx, now, {
        name: person.name,
        email: demoEmail(person.login),
        role: 'missionary',
        missionaryNumber: person.accountNumber,
      });
      if (!user.created) continue;
      created += 1;
      const fundBalance = fromDollars(person.fundBalance);
      await tx
        .update(profiles)
        .set({
          taxStatus: person.taxStatus,
          ficaTax: person.fica,
          netSalary: fromDollars(person.netSalary),
          housingAllowance: fromDollars(person.housing),
          retirementAmount: fromDollars(person.retirement),
          federalIncomeTax: fromDollars(person.federalIncomeTax),
          insuranceAmount: fromDollars(person.insurance),
          wireFee: fromDollars(person.wireFee),
          adminFeePercentage: person.adminFee?.percentage ?? null,
          adminFeeCap: person.adminFee ? fromDollars(person.adminFee.cap) : null,
          fundBalance,
          updatedAt: now,
        })
        .where(eq(profiles.userId, user.id));
      await postJournal(tx, {
        account: 'user_fund',
        accountId: user.id,
        amount: fundBalance,
        balanceAfter: fundBalance,
        reason: 'opening_balance',
        refType: 'user',
        refId: user.id,
        memo: 'Demo opening balance',
        actorId: adminId,
      });
    }
    return created;
  },
};
