import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { date, money } from '../../format';
import type { HoldAccountTransaction } from './types';

const signed = (row: HoldAccountTransaction) =>
  row.transaction_type === 'Deposit' ? money(row.transaction_amount) : money(-row.transaction_amount);

interface RowsProps {
  rows: HoldAccountTransaction[];
  /** Admins delete the transactions the server marks deletable (manual ones). */
  isAdmin: boolean;
  onDelete(row: HoldAccountTransaction): void;
}

/** The transactions as cards, on a phone. */
export function TransactionCards({ rows, isAdmin, onDelete }: RowsProps) {
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Transactions">
      {rows.map((row) => (
        <Box component="li" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{row.transaction_type}</Typography>
            <Typography sx={{ fontWeight: 600 }}>{signed(row)}</Typography>
          </Stack>
          <Typography variant="body2">{row.description}</Typography>
          <Typography variant="body2" color="text.secondary">
            {date(row.mat_date ?? row.created_at)} · balance after {money(row.ending_balance)}
            {row.created_by_name ? ` · ${row.created_by_name}` : ''}
            {row.expense_id ? ` · expense #${row.expense_id}` : ''}
          </Typography>
          {isAdmin && row.deletable && (
            <Button size="small" color="error" onClick={() => onDelete(row)} sx={{ mt: 0.5, px: 0 }}>
              Delete
            </Button>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The transactions as a table, on a wider screen. */
export function TransactionTable({ rows, isAdmin, onDelete }: RowsProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Transactions">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Expense ID</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Balance After</TableCell>
            <TableCell>By</TableCell>
            {isAdmin && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{date(row.mat_date ?? row.created_at)}</TableCell>
              <TableCell>
                {row.transaction_type}
                {row.recurring === 1 ? ' (recurring)' : ''}
              </TableCell>
              <TableCell>{row.description}</TableCell>
              <TableCell>{row.expense_id ?? ''}</TableCell>
              <TableCell align="right">{signed(row)}</TableCell>
              <TableCell align="right">{money(row.ending_balance)}</TableCell>
              <TableCell>{row.created_by_name ?? ''}</TableCell>
              {isAdmin && (
                <TableCell align="right">
                  {row.deletable && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onDelete(row)}
                      aria-label={`Delete transaction ${row.id}`}
                    >
                      Delete
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
