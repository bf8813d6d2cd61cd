import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import type { TransactionType } from '../../../../domain/distributions';
import type { Cents } from '../../../../domain/money';
import { RowsTable } from '../components/RowsTable';
import { AddTransactionDialog } from './AddTransactionDialog';
import { holdDialogColumns } from './hold-dialog-columns';
import { HOLD_DIALOG_TITLES, type HoldDialogRow, rowsOfType } from './hold-dialog-rows';

/** The hold-account rows of one type in this distribution; staff add or remove manual ones. */
export function HoldAccountDialog(props: {
  open: boolean;
  type: TransactionType;
  entries: readonly HoldDialogRow[];
  accounts: ReadonlyArray<{ id: number; fundName: string }>;
  readOnly: boolean;
  onAdd(accountId: number, amount: Cents): void;
  onDelete(key: string): void;
  onClose(): void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [adding, setAdding] = useState(false);
  const rows = rowsOfType(props.entries, props.type);
  const title = HOLD_DIALOG_TITLES[props.type];
  const titleId = `hold-dialog-${props.type}`;

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <RowsTable
          label={title}
          columns={holdDialogColumns(props.type, props.readOnly, props.onDelete)}
          rows={rows}
          rowKey={(entry) =>
            `${entry.row.source}:${entry.row.hold_account_id}:${entry.row.expense_id ?? ''}:${entry.row.donation_id ?? ''}:${entry.manualKey ?? rows.indexOf(entry)}`
          }
          emptyText={`No ${props.type.toLowerCase()}s in this distribution.`}
        />
        {props.readOnly && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            This distribution is read-only: transactions cannot be added or removed.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {!props.readOnly && (
          <Button onClick={() => setAdding(true)} disabled={props.accounts.length === 0}>
            Add Transaction
          </Button>
        )}
        <Button variant="contained" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
      {adding && (
        <AddTransactionDialog
          type={props.type}
          accounts={props.accounts}
          onClose={() => setAdding(false)}
          onAdd={(accountId, amount) => {
            props.onAdd(accountId, amount);
            setAdding(false);
          }}
        />
      )}
    </Dialog>
  );
}
