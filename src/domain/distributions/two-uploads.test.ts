import {
  BATCH_CHOICES,
  buildDistributionInput,
  contextFromWire,
  contextMatches,
  contextToWire,
  type DistributionContext,
  initialPayload,
  parsePayload,
  payloadToWire,
} from './context';
import { computeDistribution } from './engine';
import { account, profile, SETTINGS, usd } from './test-fixtures';

/**
 * A month with two donation files (docs/distribution.md "Several uploads in a month"): the office
 * imports the online-giving file and the check deposits for November. Lydia's gifts:
 * - "November 2026 online": #1 $1,200.00 general, #2 $200.00 designated to her Vehicle Fund (7);
 * - "November 2026 checks": #3 $2,000.00 and #4 $1,300.00 general ($3,300.00 in all).
 * Settings: admin fee 10 % capped at $500.00. Her fund starts at $500.00; no payroll, no reports.
 */
const ONLINE = 'November 2026 online';
const CHECKS = 'November 2026 checks';

const DONATIONS = [
  { id: 1, upload: ONLINE, amount: usd('1200.00'), holdAccountId: null, fundName: null },
  { id: 2, upload: ONLINE, amount: usd('200.00'), holdAccountId: 7, fundName: 'Vehicle Fund' },
  { id: 3, upload: CHECKS, amount: usd('2000.00'), holdAccountId: null, fundName: null },
  { id: 4, upload: CHECKS, amount: usd('1300.00'), holdAccountId: null, fundName: null },
];

/** What the server loads for the uploads named: her undistributed donations of those uploads. */
function lydiaContext(uploads: string[]): DistributionContext {
  return {
    user: { id: 21, name: 'Lydia Mensah', email: 'lydia@example.org', role: 'missionary', missionaryNumber: 'M0021' },
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    donationUploadNames: uploads,
    profile: profile({ netSalary: 0, fundBalance: usd('500.00') }),
    settings: SETTINGS,
    donations: DONATIONS.filter((donation) => uploads.includes(donation.upload)).map(({ upload: _, ...donation }) => ({
      ...donation,
      approved: false,
    })),
    holdAccounts: [account({ id: 7, fundName: 'Vehicle Fund', balance: usd('50.00') })],
    expenseReports: [],
    advanceRequests: [],
    previous: null,
    distribution: null,
  };
}

describe('a distribution taking two uploads', () => {
  it.each([
    {
      what: 'both files (what the form and Build MAT Day preselect)',
      uploads: [ONLINE, CHECKS],
      // 1,200.00 + 200.00 + 2,000.00 + 1,300.00 = 4,700.00
      total: '4700.00',
      // 10 % × 4,700.00 = 470.00, below the 500.00 cap
      fee: '470.00',
      // the designated #2 goes to the Vehicle Fund: 50.00 + 200.00 = 250.00
      deposit: '200.00',
      // 500.00 + 4,700.00 − 470.00 − 200.00 = 4,530.00
      ending: '4530.00',
    },
    {
      what: 'the online file alone (the checks left behind)',
      uploads: [ONLINE],
      // 1,200.00 + 200.00 = 1,400.00; fee 10 % = 140.00; 500.00 + 1,400.00 − 140.00 − 200.00 = 1,560.00
      total: '1400.00',
      fee: '140.00',
      deposit: '200.00',
      ending: '1560.00',
    },
    {
      what: 'the checks alone',
      uploads: [CHECKS],
      // 2,000.00 + 1,300.00 = 3,300.00; fee 330.00; 500.00 + 3,300.00 − 330.00 = 3,470.00
      total: '3300.00',
      fee: '330.00',
      deposit: '0.00',
      ending: '3470.00',
    },
  ])('$what', ({ uploads, total, fee, deposit, ending }) => {
    const context = lydiaContext(uploads);
    const payload = initialPayload(context, BATCH_CHOICES);
    expect(payload.donation_upload_names).toEqual(uploads);
    expect(payload.donation_upload_name).toBe(uploads[0]);
    expect(contextMatches(context, payload)).toBe(true);
    const d = computeDistribution(buildDistributionInput(context, payload)).distribution;
    expect(d.total_donations).toBe(usd(total));
    expect(d.admin_fee).toBe(usd(fee));
    expect(d.held_liability_account_deposit).toBe(usd(deposit));
    expect(d.ending_balance).toBe(usd(ending));
    expect(d.donation_upload_names).toEqual(uploads);
    expect(d.donation_upload_name).toBe(uploads[0]);
  });

  it('is the same distribution whichever order the uploads are named in (the first is only what lists show)', () => {
    const forward = lydiaContext([ONLINE, CHECKS]);
    const backward = parsePayload({
      ...payloadToWire(initialPayload(forward, BATCH_CHOICES)),
      donation_upload_name: CHECKS,
      donation_upload_names: [CHECKS, ONLINE],
    });
    expect(contextMatches(forward, backward)).toBe(true);
    const d = computeDistribution(buildDistributionInput(forward, backward)).distribution;
    // 4,700.00 as above; the answer names the checks first, as asked
    expect(d.total_donations).toBe(usd('4700.00'));
    expect(d.donation_upload_name).toBe(CHECKS);
  });

  it('carries both names over the wire, and reads a context frozen with one name as a list of one', () => {
    const wire = contextToWire(lydiaContext([ONLINE, CHECKS]));
    expect(wire.donation_upload_name).toBe(ONLINE);
    expect(wire.donation_upload_names).toEqual([ONLINE, CHECKS]);
    expect(contextFromWire(wire).donationUploadNames).toEqual([ONLINE, CHECKS]);
    const { donation_upload_names: _, ...frozenBefore } = contextToWire(lydiaContext([ONLINE]));
    expect(contextFromWire(frozenBefore).donationUploadNames).toEqual([ONLINE]);
    expect(contextFromWire({ ...frozenBefore, donation_upload_name: null }).donationUploadNames).toEqual([]);
  });
});
