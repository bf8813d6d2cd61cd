import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { manualDescription, type TransactionType } from '../../../../domain/distributions';
import type { Cents } from '../../../../domain/money';
import { typedCents } from '../cents';

/** Add Transaction: needs an account and an amount (docs/product.md §2.4); described "Mat Day Manual {type}". */
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
