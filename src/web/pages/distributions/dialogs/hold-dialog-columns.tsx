import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import { IconButton, Tooltip, Typography } from '@mui/material';
import { type TransactionType, UNREIMBURSED_REIMBURSEMENT } from '../../../../domain/distributions';
import { usd } from '../cents';
import type { RowsColumn } from '../components/RowsTable';
import { canDeleteRow, type HoldDialogRow, unreimbursedOf } from './hold-dialog-rows';

/**
 * The columns of a hold-account dialog: withdrawals also show the expense paid; the last column is
 * the red minus of a row staff may remove.
 */
export function holdDialogColumns(
  type: TransactionType,
  readOnly: boolean,
  onDelete: (key: string) => void,
): RowsColumn<HoldDialogRow>[] {
  return [
    { key: 'fund', label: 'Fund Name', render: (entry) => entry.row.fund_name },
    {
      key: 'description',
      label: 'Description',
      render: (entry) =>
        entry.row.source === 'unreimbursed_reimbursement' ? (
          <strong>{UNREIMBURSED_REIMBURSEMENT}</strong>
        ) : (
          entry.row.description
        ),
    },
    ...(type === 'Withdrawal'
      ? [
          {
            key: 'expense',
            label: 'Expense ID',
            render: (entry: HoldDialogRow) => entry.row.expense_id ?? '—',
          },
        ]
      : []),
    {
      key: 'requested',
      label: 'Amount Requested',
      align: 'right',
      render: (entry) => usd(entry.row.transaction_amount),
    },
    {
      key: 'approved',
      label: 'Amount Approved',
      align: 'right',
      render: (entry) => (
        <Typography
          component="span"
          variant="body2"
          color={entry.row.amount_approved < entry.row.transaction_amount ? 'warning.dark' : undefined}
          sx={{ fontWeight: 500 }}
        >
          {usd(entry.row.amount_approved)}
        </Typography>
      ),
    },
    {
      key: 'unreimbursed',
      label: 'Unreimbursed Amount',
      align: 'right',
      render: (entry) => usd(unreimbursedOf(entry.row)),
    },
    {
      key: 'action',
      label: 'Action',
      hiddenLabel: true,
      align: 'right',
      render: (entry) =>
        canDeleteRow(entry, readOnly) && entry.manualKey ? (
          <Tooltip title="Remove this transaction">
            <IconButton
              color="error"
              size="small"
              aria-label={`Remove ${entry.row.description} of ${usd(entry.row.transaction_amount)} from ${entry.row.fund_name}`}
              onClick={() => entry.manualKey && onDelete(entry.manualKey)}
            >
              <RemoveCircleIcon />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];
}
