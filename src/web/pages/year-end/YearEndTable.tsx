import { Box, Button, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { TYearEndRow } from '../../../domain/year-end/contract';
import { yearEndContract } from '../../../domain/year-end/contract';
import { queryKeyOf } from '../../api/contract-keys';
import { type Column, DataTable } from '../../components/DataTable';
import { localPage } from '../../components/local-page';
import { money } from '../../format';
import type { YearEndDownload } from './use-year-end-download';

const isNec = (row: TYearEndRow) => row.form === '1099-NEC';

/** W-2 boxes 3 to 6 in one cell, one line each, so the table fits beside the menu at 1280 px. */
function SocialSecurityBoxes({ row }: { row: TYearEndRow }) {
  if (isNec(row)) return '—';
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      3: {money(row.box_3)} · 4: {money(row.box_4)}
      <br />
      5: {money(row.box_5)} · 6: {money(row.box_6)}
    </Box>
  );
}

function NameAndNotes({ row }: { row: TYearEndRow }) {
  return (
    <>
      <Link component={RouterLink} to={`/admin/user/${row.user_id}/profile`}>
        {row.user_name}
      </Link>
      {row.notes.map((note) => (
        <Typography key={note} variant="body2" color="warning.dark" component="span" sx={{ display: 'block' }}>
          {note}
        </Typography>
      ))}
    </>
  );
}

function formLabel(row: TYearEndRow): string {
  if (row.form === 'none') return 'No form';
  return row.reportable ? row.form : `${row.form} (below threshold)`;
}

const COLUMNS: Column<TYearEndRow>[] = [
  { key: 'user_name', label: 'Name', sortKey: 'user_name', render: (row) => <NameAndNotes row={row} /> },
  { key: 'form', label: 'Form', sortKey: 'form', render: formLabel },
  {
    key: 'box_1',
    label: 'Box 1',
    align: 'right',
    render: (row) => money(isNec(row) ? row.nec_box_1 : row.box_1),
  },
  {
    key: 'box_2',
    label: 'Federal tax (box 2 / NEC 4)',
    align: 'right',
    render: (row) => money(isNec(row) ? row.nec_box_4 : row.box_2),
  },
  { key: 'box_3_6', label: 'Boxes 3–6', render: (row) => <SocialSecurityBoxes row={row} /> },
  { key: 'box_12_e', label: 'Box 12 E', align: 'right', render: (row) => (isNec(row) ? '—' : money(row.box_12_e)) },
  { key: 'box_14', label: 'Box 14', align: 'right', render: (row) => (isNec(row) ? '—' : money(row.box_14)) },
];

/**
 * The year's people, one row per person and form: W-2 figures, or 1099-NEC box 1 (and box 4) for
 * 1099 workers; notes under the name. Each row traces to its distributions and has its PDF summary.
 */
export function YearEndTable(props: {
  year: number;
  rows: TYearEndRow[];
  downloads: YearEndDownload;
  onTrace(row: TYearEndRow): void;
}) {
  const { year, rows, downloads } = props;
  return (
    <DataTable<TYearEndRow>
      title={`People paid in ${year}`}
      urlPrefix="people"
      queryKey={[...queryKeyOf(yearEndContract.yearEnd, { query: { year } }), 'table', rows]}
      fetchPage={async (params) => localPage(rows, params, ['user_name', 'form'])}
      defaultOrderBy="user_name"
      defaultOrder="asc"
      columns={COLUMNS}
      rowKey={(row) => `${row.user_id}:${row.form}`}
      searchLabel="Search people"
      emptyText={`No approved distribution has a MAT date in ${year}.`}
      actions={(row) => (
        <>
          <Button size="small" onClick={() => props.onTrace(row)} aria-label={`Trace ${row.user_name}'s figures`}>
            Trace
          </Button>
          <Button
            size="small"
            disabled={downloads.busy !== null}
            onClick={() => downloads.summary(year, row.user_id)}
            aria-label={`Download ${row.user_name}'s PDF summary`}
          >
            PDF
          </Button>
        </>
      )}
    />
  );
}
