import { Box, Button, Grid, Stack, Typography } from '@mui/material';
import type { DistributionResult } from '../../../../domain/distributions';
import { useTerms } from '../../../site/site-config';
import { usd } from '../cents';
import { FigureList } from '../components/FigureList';
import { RowsTable } from '../components/RowsTable';
import { reportColumns } from '../dialogs/BreakdownDialogs';

/**
 * Step 4, "Expenses": the reimbursement reports this distribution pays, oldest first, with what each
 * gets, the unreimbursed amounts, and the reimbursement and advance breakdowns.
 */
export function ExpensesStep(props: {
  result: DistributionResult | null;
  linkReports: boolean;
  onReimbursements(): void;
  onAdvances(): void;
}) {
  const terms = useTerms();
  const d = props.result?.distribution;
  const reports = d?.processedExpenseReports ?? [];
  return (
    <Stack spacing={2}>
      <Box component="section" aria-label="Expense reports">
        <Typography variant="h3">Expense Reports</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Submitted reimbursement reports up to the To Date, paid oldest first after the starting unreimbursed amount.
        </Typography>
        <RowsTable
          label="Expense reports"
          columns={reportColumns(
            props.linkReports,
            reports.some((row) => row.hold_account_unreimbursed !== 0),
          )}
          rows={reports}
          rowKey={(row) => row.id}
          emptyText="No reimbursement reports to pay in this date range."
        />
      </Box>
      <Grid container spacing={{ xs: 2, md: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FigureList
            figures={[
              { label: 'Total Expenses', value: usd(d?.total_expenses) },
              {
                label: `${terms.ministry} Expense Reimbursement`,
                value: usd(d?.ministry_reimbursement),
                emphasis: true,
              },
              { label: `${terms.ministry} Expense Advance`, value: usd(d?.ministry_advance), emphasis: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FigureList
            figures={[
              { label: 'Starting Unreimbursed Amount', value: usd(d?.unreimbursed_amount_starting) },
              { label: 'Reimbursed Unreimbursed Amount', value: usd(d?.unreimbursed_reimbursement) },
              { label: 'Accrued Unreimbursed Amount', value: usd(d?.unreimbursed_amount_accrued) },
              { label: 'Ending Unreimbursed Amount', value: usd(d?.unreimbursed_amount_ending), emphasis: true },
            ]}
          />
        </Grid>
      </Grid>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={props.onReimbursements} disabled={!d}>
          Reimbursement Breakdown
        </Button>
        <Button variant="outlined" onClick={props.onAdvances} disabled={!d}>
          Advance Breakdown
        </Button>
      </Stack>
    </Stack>
  );
}
