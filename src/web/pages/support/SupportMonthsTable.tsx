import { useMediaQuery, useTheme } from '@mui/material';
import { monthLabel } from '../../../domain/dates';
import { keys } from '../../api/query-keys';
import { type Column, DataTable } from '../../components/DataTable';
import { localPage } from '../../components/local-page';
import { money } from '../../format';
import type { Support } from './types';

/** One month of the answer, with its label ("May 2026") to search by. */
type Month = Support['months'][number] & { label: string };

const columns: Column<Month>[] = [
  { key: 'month', label: 'Month', sortKey: 'month', render: (m) => m.label },
  { key: 'total', label: 'Total', sortKey: 'total', align: 'right', render: (m) => money(m.total) },
  // A phone leaves the split out (the chart shows it); the total and the givers stay.
  { key: 'general', label: 'General', align: 'right', render: (m) => money(m.general), hideOnMobile: true },
  { key: 'designated', label: 'Designated', align: 'right', render: (m) => money(m.designated), hideOnMobile: true },
  { key: 'givers', label: 'Givers', sortKey: 'givers', align: 'right' },
  { key: 'new_givers', label: 'New', align: 'right' },
  { key: 'stopped_givers', label: 'Stopped', align: 'right' },
];

/**
 * The chart's months as a list, newest first: amounts, the split, givers, new and stopped. The app's
 * DataTable paged in memory: on a desk the 24 months fit one page of 30; a phone shows them as cards,
 * 10 a page. Being the dashboard's own table, it adds nothing to what the missionary dashboard
 * downloads (docs/performance.md, "One chunk for the missionary's day").
 */
export function SupportMonthsTable({ userId, months }: { userId: number; months: Support['months'] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const rows = months.map((month) => ({ ...month, label: monthLabel(`${month.month}-01`, 'short') }));
  return (
    <DataTable<Month>
      title="Month by month"
      urlPrefix="months"
      queryKey={keys.support.months(userId)}
      fetchPage={async (params) => localPage(rows, params, ['label', 'month'])}
      defaultOrderBy="month"
      defaultLimit={phone ? 10 : 30}
      columns={columns}
      rowKey={(m) => m.month}
      searchLabel="Search months"
    />
  );
}
