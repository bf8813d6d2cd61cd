import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import {
  manualDescription,
  type TransactionResult,
  type TransactionType,
  UNREIMBURSED_REIMBURSEMENT,
} from '../../../../domain/distributions';
import type { Cents } from '../../../../domain/money';
import { typedCents, usd } from '../cents';
import { type RowsColumn, RowsTable } from '../components/RowsTable';

export const HOLD_DIALOG_TITLES: Record<TransactionType, string> = {
  Deposit: 'Hold Account Deposits',
  Transfer: 'Hold Account Transfers',
  Withdrawal: 'Hold Account Withdrawals',
};

/** One row of the engine's result with the form row it came from (manual rows only). */
export interface HoldDialogRow {
  row: TransactionResult;
  /** The form's key of a manual row (the only rows staff can delete), else null. */
  manualKey: string | null;
}

/**
 * Whether a row gets the red minus: SPEC.md §2.4 — only rows staff added by hand (not recurring,
 * no expense id, not derived from a donation or an unreimbursed amount), and never in read-only mode.
 */
export function canDeleteRow(entry: HoldDialogRow, readOnly: boolean): boolean {
  return (
    !readOnly &&
    entry.manualKey !== null &&
    !entry.row.recurring &&
    entry.row.expense_id === null &&
    entry.row.source === 'manual'
  );
}

/**
 * The rows one dialog lists: the engine's posted rows of that type — every one of them approved, so a
 * recurring item shows only once it is ticked — including, for withdrawals, the "Unreimbursed
 * Reimbursement" row the engine adds per fund whose starting unreimbursed amount is not zero.
 */
export function rowsOfType(entries: readonly HoldDialogRow[], type: TransactionType): HoldDialogRow[] {
  return entries.filter((entry) => entry.row.transaction_type === type && entry.row.approved);
}

/** What a row leaves owed: the shortfall added to the account, or for the Unreimbursed Reimbursement the part still unpaid. */
function unreimbursedOf(row: TransactionResult): Cents {
  if (row.source === 'unreimbursed_reimbursement') return row.transaction_amount - row.amount_approved;
  return row.added_unreimbursed_amount;
}

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

  const columns: RowsColumn<HoldDialogRow>[] = [
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
    ...(props.type === 'Withdrawal'
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
        canDeleteRow(entry, props.readOnly) && entry.manualKey ? (
          <Tooltip title="Remove this transaction">
            <IconButton
              color="error"
              size="small"
              aria-label={`Remove ${entry.row.description} of ${usd(entry.row.transaction_amount)} from ${entry.row.fund_name}`}
              onClick={() => entry.manualKey && props.onDelete(entry.manualKey)}
            >
              <RemoveCircleIcon />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];

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
          columns={columns}
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

/** Add Transaction: needs an account and an amount (SPEC.md §2.4); described "Mat Day Manual {type}". */
export function AddTransactionDialog(props: {
  type: TransactionType;
  accounts: ReadonlyArray<{ id: number; fundName: string }>;
  onAdd(accountId: number, amount: Cents): void;
  onClose(): void;
}) {
  const [accountId, setAccountId] = useState(props.accounts.length === 1 ? String(props.accounts[0].id) : '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ account?: string; amount?: string }>({});
  const description = manualDescription(props.type);
  const submit = () => {
    const cents = typedCents(amount);
    const next: typeof errors = {};
    if (accountId === '') next.account = 'Choose a fund.';
    if (amount.trim() === '') next.amount = 'Enter an amount.';
    else if (cents === null || cents <= 0) next.amount = 'Enter an amount above $0.00 with at most 2 decimals.';
    setErrors(next);
    if (next.account || next.amount || cents === null) return;
    props.onAdd(Number(accountId), cents);
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="add-transaction-title" maxWidth="xs" fullWidth>
      <DialogTitle id="add-transaction-title">Add {props.type}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="add-transaction-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            select
            id="add-transaction-account"
            label="Fund"
            required
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
            error={Boolean(errors.account)}
            helperText={errors.account}
          >
            {props.accounts.map((account) => (
              <MenuItem key={account.id} value={String(account.id)}>
                {account.fundName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="add-transaction-amount"
            label="Amount"
            required
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(errors.amount)}
            helperText={errors.amount}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
          <Alert severity="info" icon={false}>
            Description: {description}. It is approved as added; the engine grants it as far as the{' '}
            {props.type === 'Deposit' ? 'distributable funds' : "account's balance"} allow.
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button type="submit" form="add-transaction-form" variant="contained">
          Add Transaction
        </Button>
      </DialogActions>
    </Dialog>
  );
}
