import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AdvanceRequestResult, DistributionResult, ExpenseReportResult } from '../../../../domain/distributions';
import { date } from '../../../format';
import { useTerms } from '../../../site/site-config';
import { usd } from '../cents';
import { FigureList } from '../components/FigureList';
import { type RowsColumn, RowsTable } from '../components/RowsTable';

function BreakdownDialog(props: { open: boolean; id: string; title: string; onClose(): void; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={props.id}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={props.id}>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The included reimbursement reports, oldest first, with what each got (waterfall step 7, docs/distribution.md). */
export function reportColumns(linkReports: boolean, withHoldShortfall = false): RowsColumn<ExpenseReportResult>[] {
  return [
    {
      key: 'id',
      label: 'Report',
      render: (row) => (
        <>
          {linkReports ? (
            <Link component={RouterLink} to={`/expense-report/${row.id}`}>
              #{row.id}
            </Link>
          ) : (
            `#${row.id}`
          )}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {date(row.date)}
          </Typography>
        </>
      ),
    },
    { key: 'total', label: 'Total', align: 'right', render: (row) => usd(row.total_amount) },
    {
      key: 'held',
      label: 'Hold Accounts',
      align: 'right',
      render: (row) => usd(row.dist_hold_account_withdrawals),
    },
    { key: 'reimbursed', label: 'Reimbursed', align: 'right', render: (row) => usd(row.dist_amount_reimbursed) },
    {
      key: 'unreimbursed',
      label: 'Unreimbursed',
      align: 'right',
      render: (row) => (
        <Typography
          component="span"
          variant="body2"
          color={row.dist_amount_unreimbursed > 0 ? 'warning.dark' : undefined}
        >
          {usd(row.dist_amount_unreimbursed)}
        </Typography>
      ),
    },
    ...(withHoldShortfall
      ? [
          {
            key: 'held-unreimbursed',
            label: 'Unpaid by Hold Accounts',
            align: 'right' as const,
            render: (row: ExpenseReportResult) => usd(row.hold_account_unreimbursed),
          },
        ]
      : []),
  ];
}

/** Reimbursement breakdown: the starting unreimbursed amount first, then the reports, then the manual amount. */
export function ReimbursementBreakdownDialog(props: { open: boolean; result: DistributionResult; onClose(): void }) {
  const terms = useTerms();
  const d = props.result.distribution;
  return (
    <BreakdownDialog
      open={props.open}
      id="reimbursement-breakdown"
      title="Reimbursement Breakdown"
      onClose={props.onClose}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Paid oldest first from the distributable funds: the starting unreimbursed amount, then each report. Expenses
        charged to a hold account are paid by that account.
      </Typography>
      <RowsTable
        label="Reports in this distribution"
        columns={reportColumns(
          true,
          d.processedExpenseReports.some((row) => row.hold_account_unreimbursed !== 0),
        )}
        rows={d.processedExpenseReports}
        rowKey={(row) => row.id}
        emptyText="No reimbursement reports in this date range."
      />
      <Box sx={{ mt: 2, maxWidth: 480, ml: 'auto' }}>
        <FigureList
          figures={[
            { label: 'Starting Unreimbursed Amount', value: usd(d.unreimbursed_amount_starting) },
            { label: 'Paid toward it', value: usd(d.unreimbursed_reimbursement) },
            { label: `${terms.ministry} Expense Reimbursement`, value: usd(d.ministry_reimbursement), emphasis: true },
            { label: `Manual ${terms.ministry} Reimbursement`, value: usd(d.manual_ministry_reimbursement) },
            { label: 'Accrued Unreimbursed Amount', value: usd(d.unreimbursed_amount_accrued) },
            { label: 'Ending Unreimbursed Amount', value: usd(d.unreimbursed_amount_ending), emphasis: true },
          ]}
        />
      </Box>
    </BreakdownDialog>
  );
}

export function advanceColumns(): RowsColumn<AdvanceRequestResult>[] {
  return [
    { key: 'id', label: 'Advance Request', render: (row) => `#${row.id}` },
    { key: 'requested', label: 'Requested', align: 'right', render: (row) => usd(row.amount_requested) },
    {
      key: 'typed',
      label: 'Amount Approved',
      align: 'right',
      render: (row) => (row.amount_approved === null ? 'As requested' : usd(row.amount_approved)),
    },
    { key: 'granted', label: 'Paid', align: 'right', render: (row) => usd(row.dist_amount_approved) },
  ];
}

/** Advance breakdown: the ticked advance requests and what each gets, then the manual advance. */
export function AdvanceBreakdownDialog(props: { open: boolean; result: DistributionResult; onClose(): void }) {
  const terms = useTerms();
  const d = props.result.distribution;
  const ticked = d.processedAdvanceRequests.filter((row) => row.approved);
  return (
    <BreakdownDialog open={props.open} id="advance-breakdown" title="Advance Breakdown" onClose={props.onClose}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Each ticked request gets at most its requested amount and at most what is still distributable after the
        reimbursements, oldest request first.
      </Typography>
      <RowsTable
        label="Advance requests in this distribution"
        columns={advanceColumns()}
        rows={ticked}
        rowKey={(row) => row.id}
        emptyText="No advance requests approved in this distribution."
      />
      <Box sx={{ mt: 2, maxWidth: 480, ml: 'auto' }}>
        <FigureList
          figures={[
            { label: `${terms.ministry} Expense Advance`, value: usd(d.ministry_advance), emphasis: true },
            { label: `Manual ${terms.ministry} Advance`, value: usd(d.manual_ministry_advance) },
          ]}
        />
      </Box>
    </BreakdownDialog>
  );
}

/** Distributable Funds explained: the waterfall from the starting balance to the ending balance. */
export function FundsBreakdownDialog(props: { open: boolean; result: DistributionResult; onClose(): void }) {
  const d = props.result.distribution;
  const f = props.result.figures;
  return (
    <BreakdownDialog open={props.open} id="funds-breakdown" title="Distributable Funds" onClose={props.onClose}>
      <Box sx={{ maxWidth: 520 }}>
        <FigureList
          figures={[
            { label: 'Starting Balance', value: usd(d.starting_balance) },
            { label: '+ Total Donations', value: usd(d.total_donations) },
            { label: '+ Hold Account Transfers', value: usd(d.transfer_from_held) },
            { label: '− Admin Fee', value: usd(d.admin_fee) },
            {
              label: '− Payroll Cost',
              value: usd(f.payrollCost),
              note: 'Total payroll, housing allowance, insurance and wire fee',
            },
            { label: '− Hold Account Deposits', value: usd(d.held_liability_account_deposit) },
            {
              label: 'Distributable Funds',
              value: usd(d.funds_available),
              emphasis: true,
              alert: d.funds_available < 0,
            },
            { label: '− Reimbursements and advances', value: usd(f.paidFromGeneralFund) },
            { label: 'Ending Balance', value: usd(d.ending_balance), emphasis: true, alert: d.ending_balance < 0 },
          ]}
        />
      </Box>
    </BreakdownDialog>
  );
}
