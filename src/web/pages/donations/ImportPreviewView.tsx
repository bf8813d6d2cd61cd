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

const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

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
          ['File total', money(grand.file_total)],
          ['Matched total', money(grand.matched_total)],
        ]}
      />
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
                    {money(total.general)}
                  </TableCell>
                  <TableCell align="right" sx={HIDE_ON_PHONE}>
                    {money(total.designated)}
                  </TableCell>
                  <TableCell align="right">{money(total.total)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Grand total</TableCell>
                <TableCell align="right" sx={{ ...HIDE_ON_PHONE, fontWeight: 600 }}>
                  {grand.matched_rows}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {grand.count}
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
  { key: 'amount', label: 'Amount', sortKey: 'amount', align: 'right', render: (row) => money(row.amount) },
  { key: 'count', label: 'Gifts', sortKey: 'count', align: 'right' },
];

/** The whole preview: problems first (they block the import), then totals, then the matched rows. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  return (
    <Stack spacing={2}>
      <ProblemRows preview={preview} />
      {preview.ignored_headers.length > 0 && (
        <Alert severity="info">Columns not used: {preview.ignored_headers.join(', ')}.</Alert>
      )}
      <ControlTotals totals={preview.totals} />
      <DataTable<PreviewRow>
        title="Matched Rows"
        urlPrefix="matched"
        queryKey={['donations', 'preview', preview.file, preview.total_count, preview.matched.length]}
        fetchPage={async (params) =>
          localPage(preview.matched, params, ['user_name', 'fund_name', 'missionary_number'])
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
