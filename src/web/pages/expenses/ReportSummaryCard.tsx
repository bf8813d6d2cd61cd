import { Chip, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { REPORT_STATUS_LABELS } from '../../../domain/expense-reports/status-labels';
import { formatUSD } from '../../../domain/money';
import { ReadOnlyFields } from '../../components/ReadOnlyFields';
import { date, money } from '../../format';
import { totalsWithWaiting, waitingTotalText } from '../../offline/pending-rows';
import { advancePayment } from '../advances/payment';
import { statusColor } from './report-columns';
import type { FullReport } from './types';

const TYPE_LABELS = { reimbursement: 'Reimbursement', advance: 'Advance' } as const;

/** "$64.24", and under it "$46.75 sent, $17.49 waiting to send" while lines wait on this device. */
function TotalWithWaiting({ served, shown }: { served: FullReport; shown: FullReport }) {
  const totals = totalsWithWaiting(served, shown);
  const note = waitingTotalText(totals);
  // From the lines, as the server adds them: a copy kept offline may hold an older total_amount.
  if (!note) return <>{formatUSD(totals.total)}</>;
  return (
    <>
      {formatUSD(totals.total)}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {note}
      </Typography>
    </>
  );
}

/**
 * Who, when and how much: the figures the server computed for the report. `withWaiting` (the
 * owner's editor) is the report with what waits on this device applied: the total then says how
 * much of it is sent and how much still waits. Whether an advance report can be submitted is said
 * once, by the advance card beside the cash returned (AdvanceCashCard): an alert here ignored the
 * cash and asked for more expenses on a report that was already in balance.
 */
export function ReportSummaryCard({
  report,
  showOwner,
  withWaiting,
}: {
  report: FullReport;
  showOwner?: boolean;
  withWaiting?: FullReport;
}) {
  const advance = report.advance_request;
  // The owner's draft on this device: dates and the amount due follow the lines shown, waiting ones too.
  const here = withWaiting ? totalsWithWaiting(report, withWaiting) : null;
  const fields: Array<[string, ReactNode]> = [
    ...(showOwner
      ? ([
          ['Missionary', report.user_name],
          ['Account #', report.missionary_number],
        ] as Array<[string, string | null]>)
      : []),
    ['Type', TYPE_LABELS[report.type]],
    ['Start date', date(here ? here.startDate : report.start_date)],
    ['End date', date(here ? here.endDate : report.end_date)],
    ['Submitted', date(report.date_submitted)],
    [
      'Total',
      withWaiting ? <TotalWithWaiting key="total" served={report} shown={withWaiting} /> : money(report.total_amount),
    ],
  ];
  if (report.type === 'reimbursement') {
    if (report.processed) {
      const paid = report.payout_paid ? ` · ${report.payout_paid.label}` : '';
      fields.push(
        ['Payout', `${money(report.payout ?? 0)}${paid}`],
        ['Unreimbursed', money(report.unreimbursed_amount)],
      );
    } else {
      // Until it is processed all of a reimbursement report is due (domain: unreimbursedOf).
      fields.push(['Reimbursement due', here ? formatUSD(here.total) : money(report.unreimbursed_amount)]);
    }
  }
  if (report.processed && report.processed_at) {
    const by = report.processed_by_name ? ` by ${report.processed_by_name}` : '';
    fields.push(['Processed', `${date(report.processed_at)}${by}`]);
  }
  if (advance) {
    fields.push(
      ['Advance request', `#${advance.id}`],
      ['Advance', advancePayment(advance) ?? money(advance.amount_approved ?? 0)],
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap' }}>
        <Chip label={REPORT_STATUS_LABELS[report.status]} color={statusColor(report.status)} size="small" />
        {report.distribution_id !== null && <Chip label={`In distribution #${report.distribution_id}`} size="small" />}
      </Stack>
      <ReadOnlyFields fields={fields} />
    </Paper>
  );
}
