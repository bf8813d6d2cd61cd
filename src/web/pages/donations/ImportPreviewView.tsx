import {
  Alert,
  AlertTitle,
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { MATCHED_BY_LABELS } from '../../../domain/donations/matcher';
import { keys } from '../../api/query-keys';
import { type Column, DataTable } from '../../components/DataTable';
import { localPage } from '../../components/local-page';
import { ReadOnlyFields } from '../../components/ReadOnlyFields';
import { money } from '../../format';
import type { ImportPreview, ImportTotals, PreviewRow } from './types';

/** The rows the file could not import, with row numbers and every reason. */
function ProblemRows({ preview }: { preview: ImportPreview }) {
  if (preview.problems.length === 0) return null;
  return (
    <Alert severity="error" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle>
        {preview.problems.length} {preview.problems.length === 1 ? 'row' : 'rows'} could not be matched or read
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Nothing is imported until every row matches. Fix these rows in the file, then choose it again.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Rows with problems">
        {preview.problems.map((problem) => (
          <Box component="li" key={problem.row} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Row {problem.row}
              {': '}
              {[
                problem.fund_name && `Fund “${problem.fund_name}”`,
                problem.account_number && `Account # ${problem.account_number}`,
                problem.name,
                problem.amount && `Amount ${problem.amount}`,
              ]
                .filter(Boolean)
                .join(' · ') || 'empty row'}
            </Typography>
            {problem.reasons.map((reason) => (
              <Typography key={reason} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {reason}
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
    </Alert>
  );
}

/** Gifts left out (voided, refunded, failed, disputed), with the reason and their total. */
function SkippedRows({ preview }: { preview: ImportPreview }) {
  const { grand } = preview.totals;
  if (grand.skipped_rows === 0) return null;
  return (
    <Alert severity="info" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle>
        {grand.skipped_rows} {grand.skipped_rows === 1 ? 'gift' : 'gifts'} skipped ({money(grand.skipped_total)})
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Voided, refunded, failed and disputed gifts are not imported.
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Skipped gifts">
        {preview.skipped.map((row) => (
          <Typography component="li" variant="body2" key={row.row} sx={{ overflowWrap: 'anywhere' }}>
            Row {row.row}: {row.reason} —{' '}
            {[row.donor, row.fund_name && `Fund “${row.fund_name}”`, row.amount && `Amount ${row.amount}`]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        ))}
      </Stack>
      <Truncated shown={preview.skipped.length} total={grand.skipped_rows} />
    </Alert>
  );
}

/** Rows that import but should be looked at (a gift date outside the upload's month). */
function WarningRows({ preview }: { preview: ImportPreview }) {
  const { grand } = preview.totals;
  if (grand.warning_rows === 0) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle>
        {grand.warning_rows} {grand.warning_rows === 1 ? 'row' : 'rows'} to check
      </AlertTitle>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Rows to check">
        {preview.warnings.map((row) => (
          <Typography component="li" variant="body2" key={row.row} sx={{ overflowWrap: 'anywhere' }}>
            Row {row.row}
            {row.donor ? ` (${row.donor})` : ''}: {row.warnings.join(' ')}
          </Typography>
        ))}
      </Stack>
      <Truncated shown={preview.warnings.length} total={grand.warning_rows} />
    </Alert>
  );
}

function Truncated({ shown, total }: { shown: number; total: number }) {
  if (shown >= total) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      The first {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} are listed.
    </Typography>
  );
}

const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** What the missionaries left out of the bounded list add up to (decisions 12 and 18). */
function OthersRow({ others }: { others: NonNullable<ImportTotals['others']> }) {
  return (
    <TableRow>
      <TableCell sx={{ fontStyle: 'italic' }}>
        and {others.missionaries.toLocaleString('en-US')} more{' '}
        {others.missionaries === 1 ? 'missionary' : 'missionaries'}
      </TableCell>
      <TableCell align="right" sx={HIDE_ON_PHONE}>
        {others.rows}
      </TableCell>
      <TableCell align="right">{others.count}</TableCell>
      <TableCell align="right" sx={HIDE_ON_PHONE}>
        —
      </TableCell>
      <TableCell align="right" sx={HIDE_ON_PHONE}>
        {money(others.general)}
      </TableCell>
      <TableCell align="right" sx={HIDE_ON_PHONE}>
        {money(others.designated)}
      </TableCell>
      <TableCell align="right">{money(others.total)}</TableCell>
    </TableRow>
  );
}

/** Per-missionary and grand control totals, to compare with the donor system's own report. */
export function ControlTotals({ totals }: { totals: ImportTotals }) {
  const { grand } = totals;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Control Totals
      </Typography>
      <ReadOnlyFields
        fields={[
          ['Rows in file', grand.rows],
          ['Matched rows', grand.matched_rows],
          ['Rows with problems', grand.problem_rows],
          ['Gifts (matched)', grand.count],
          ['Skipped gifts', `${grand.skipped_count} (${money(grand.skipped_total)})`],
          ['Donors', grand.donors],
          ['File total', money(grand.file_total)],
          ['Matched total', money(grand.matched_total)],
        ]}
      />
      {totals.others && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          The {totals.by_missionary.length} largest of {totals.missionaries.toLocaleString('en-US')} missionaries are
          listed; the others are added up below them.
        </Typography>
      )}
      {totals.by_missionary.length > 0 && (
        <TableContainer sx={{ mt: 2 }}>
          <Table size="small" aria-label="Totals per missionary" sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Missionary</TableCell>
                <TableCell align="right" sx={HIDE_ON_PHONE}>
                  Rows
                </TableCell>
                <TableCell align="right">Gifts</TableCell>
                <TableCell align="right" sx={HIDE_ON_PHONE}>
                  Donors
                </TableCell>
                <TableCell align="right" sx={HIDE_ON_PHONE}>
                  General
                </TableCell>
                <TableCell align="right" sx={HIDE_ON_PHONE}>
                  Designated
                </TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {totals.by_missionary.map((total) => (
                <TableRow key={total.user_id}>
                  <TableCell>
                    {total.user_name}
                    {total.missionary_number && (
                      <Typography variant="body2" color="text.secondary">
                        #{total.missionary_number}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={HIDE_ON_PHONE}>
                    {total.rows}
                  </TableCell>
                  <TableCell align="right">{total.count}</TableCell>
                  <TableCell align="right" sx={HIDE_ON_PHONE}>
                    {total.donors}
                  </TableCell>
                  <TableCell align="right" sx={HIDE_ON_PHONE}>
                    {money(total.general)}
                  </TableCell>
                  <TableCell align="right" sx={HIDE_ON_PHONE}>
                    {money(total.designated)}
                  </TableCell>
                  <TableCell align="right">{money(total.total)}</TableCell>
                </TableRow>
              ))}
              {totals.others && <OthersRow others={totals.others} />}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Grand total</TableCell>
                <TableCell align="right" sx={{ ...HIDE_ON_PHONE, fontWeight: 600 }}>
                  {grand.matched_rows}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {grand.count}
                </TableCell>
                <TableCell align="right" sx={{ ...HIDE_ON_PHONE, fontWeight: 600 }}>
                  {grand.donors}
                </TableCell>
                <TableCell sx={HIDE_ON_PHONE} />
                <TableCell sx={HIDE_ON_PHONE} />
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money(grand.matched_total)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

const matchedColumns: Column<PreviewRow>[] = [
  { key: 'row', label: 'Row', sortKey: 'row' },
  {
    key: 'user_name',
    label: 'Missionary',
    sortKey: 'user_name',
    render: (row) => (row.missionary_number ? `${row.user_name} (#${row.missionary_number})` : row.user_name),
  },
  {
    key: 'fund_name',
    label: 'Fund',
    sortKey: 'fund_name',
    render: (row) => (row.hold_account_id ? `${row.fund_name} (hold account)` : (row.fund_name ?? 'General Fund')),
  },
  {
    key: 'donor_name',
    label: 'Donor',
    sortKey: 'donor_name',
    render: (row) => row.donor_name ?? '—',
    hideOnMobile: true,
  },
  {
    key: 'matched_by',
    label: 'Matched by',
    sortKey: 'matched_by',
    render: (row) => MATCHED_BY_LABELS[row.matched_by],
  },
  { key: 'amount', label: 'Amount', sortKey: 'amount', align: 'right', render: (row) => money(row.amount) },
  { key: 'count', label: 'Gifts', sortKey: 'count', align: 'right' },
];

/** The whole preview: problems first (they block the import), then totals, then the matched rows. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  // Columns that need a mapping (or an amount choice): nothing was read yet, the mapping step says why.
  if (preview.file_errors.length > 0) {
    return (
      <Alert severity="warning">
        {preview.file_errors.map((error) => (
          <div key={error}>{error}</div>
        ))}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <ProblemRows preview={preview} />
      <SkippedRows preview={preview} />
      <WarningRows preview={preview} />
      {preview.ignored_headers.length > 0 && (
        <Alert severity="info">Columns not used: {preview.ignored_headers.join(', ')}.</Alert>
      )}
      <ControlTotals totals={preview.totals} />
      <DataTable<PreviewRow>
        title="Matched Rows"
        urlPrefix="matched"
        queryKey={keys.donations.preview(preview.file, preview.total_count, preview.matched.length)}
        fetchPage={async (params) =>
          localPage(preview.matched, params, ['user_name', 'fund_name', 'missionary_number', 'donor_name'])
        }
        defaultOrderBy="row"
        defaultOrder="asc"
        columns={matchedColumns}
        rowKey={(row) => row.row}
        searchLabel="Search matched rows"
        emptyText="No rows matched."
      />
    </Stack>
  );
}
