import { reportLinkLabel } from './StaffReportsPage';

describe('reportLinkLabel', () => {
  it.each([
    // An employee cannot process: the link only opens the report to read (or return) it.
    [{ processed: 0, type: 'reimbursement' }, false, 'View'],
    [{ processed: 0, type: 'advance' }, false, 'View'],
    [{ processed: 0, type: 'reimbursement' }, true, 'Process'],
    [{ processed: 0, type: 'advance' }, true, 'Review'],
    [{ processed: 1, type: 'reimbursement' }, true, 'View'],
  ] as const)('%j, admin %s: %s', (report, admin, label) => {
    expect(reportLinkLabel(report, admin)).toBe(label);
  });
});
