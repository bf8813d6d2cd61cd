import { Box, IconButton, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { REPORT_STATUS_LABELS, type ReportStatus } from '../../../domain/expense-reports/status-labels';
import type { Column } from '../../components/DataTable';
import { date, money } from '../../format';
import type { ReportSummary } from './types';

/** The chip colour of a status: a returned report waits on its missionary, so it stands out. */
export function statusColor(status: ReportStatus): 'success' | 'primary' | 'secondary' | 'default' {
  if (status === 'processed') return 'success';
  if (status === 'submitted') return 'primary';
  return status === 'returned' ? 'secondary' : 'default';
}

/** The report's state as a small outlined chip (drawn here: MUI's Chip is weight the dashboard does not need). */
export function StatusChip({ report }: { report: ReportSummary }) {
  const tone = statusColor(report.status);
  const color = tone === 'default' ? 'text.secondary' : `${tone}.main`;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1,
        borderRadius: 12,
        border: 1,
        borderColor: color === 'text.secondary' ? 'grey.400' : color,
        color,
        fontSize: '0.8125rem',
        whiteSpace: 'nowrap',
      }}
    >
      {REPORT_STATUS_LABELS[report.status]}
    </Box>
  );
}

/**
 * A compact row action (delete, archive) with its name for screen readers and the browser's own
 * tooltip (title): MUI's Tooltip would bring Popper onto the missionary dashboard (its JavaScript budget, test/web-budget.test.ts).
 */
export function IconAction(props: { label: string; icon: ReactElement; color?: 'error' | 'default'; onClick(): void }) {
  return (
    <IconButton
      size="small"
      aria-label={props.label}
      title={props.label}
      color={props.color ?? 'default'}
      onClick={props.onClick}
    >
      {props.icon}
    </IconButton>
  );
}

const secondary = (text: string) => (
  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
    {text}
  </Typography>
);

/** "03/02/2026 – 03/10/2026" (the earliest and latest expense), or — for an empty report. */
export function reportDates(report: Pick<ReportSummary, 'start_date' | 'end_date'>): string {
  if (!report.start_date) return '—';
  return report.start_date === report.end_date
    ? date(report.start_date)
    : `${date(report.start_date)} – ${date(report.end_date)}`;
}

/**
 * The columns of the report lists, compact enough for a 1280 px screen with the menu open: the type
 * sits under the id, the Account # under the name, the dates in one column.
 */
export function reportColumns(options: {
  owner: boolean;
  status?: boolean;
  unreimbursed?: boolean;
}): Column<ReportSummary>[] {
  return [
    {
      key: 'id',
      label: 'Report',
      sortKey: 'id',
      render: (report) => (
        <>
          #{report.id}
          {secondary(report.type === 'advance' ? 'Advance' : 'Reimbursement')}
        </>
      ),
    },
    ...(options.owner
      ? ([
          {
            key: 'user_name',
            label: 'Missionary',
            sortKey: 'user_name',
            render: (report) => (
              <>
                {report.user_name}
                {report.missionary_number && secondary(`Account # ${report.missionary_number}`)}
              </>
            ),
          },
        ] as Column<ReportSummary>[])
      : []),
    {
      key: 'start_date',
      label: 'Dates',
      sortKey: 'start_date',
      render: (report) => (
        <Typography component="span" variant="body2" sx={{ whiteSpace: { sm: 'nowrap' } }}>
          {reportDates(report)}
        </Typography>
      ),
    },
    {
      key: 'date_submitted',
      label: 'Submitted',
      sortKey: 'date_submitted',
      render: (report) => date(report.date_submitted) || '—',
      hideOnMobile: !options.owner,
    },
    {
      key: 'total_amount',
      label: 'Total',
      sortKey: 'total_amount',
      align: 'right',
      render: (report) => money(report.total_amount),
    },
    ...(options.unreimbursed !== false
      ? ([
          {
            key: 'unreimbursed_amount',
            label: 'Unreimbursed',
            sortKey: 'unreimbursed_amount',
            align: 'right',
            // Owed only once processed (total − payout); before that the whole total is still to be decided.
            render: (report) =>
              report.type === 'advance' || report.processed === 0 ? '—' : money(report.unreimbursed_amount),
          },
        ] as Column<ReportSummary>[])
      : []),
    ...(options.status !== false
      ? ([
          { key: 'status', label: 'Status', sortKey: 'processed', render: (report) => <StatusChip report={report} /> },
        ] as Column<ReportSummary>[])
      : []),
  ];
}
