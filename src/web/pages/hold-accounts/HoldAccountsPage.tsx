import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Chip, Link, Menu, MenuItem, Tab, Tabs } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { localPage } from '../../components/local-page';
import { PageHeader } from '../../components/PageHeader';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { HoldAccountDialog } from './HoldAccountDialog';
import { RecurringDialog } from './RecurringDialog';
import { TransactionDialog } from './TransactionDialog';
import { TransactionsDialog } from './TransactionsDialog';
import type { HoldAccount } from './types';

type Open =
  | { kind: 'create' }
  | { kind: 'edit' | 'recurring' | 'transactions' | 'transaction' | 'delete'; account: HoldAccount }
  | null;

function RowActions({
  account,
  onOpen,
  onArchive,
}: {
  account: HoldAccount;
  onOpen(open: Open): void;
  onArchive(): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (open: Open) => {
    setAnchor(null);
    onOpen(open);
  };
  const archived = account.status === 'archived';
  return (
    <>
      <Button
        size="small"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`Actions for ${account.fund_name}`}
        aria-haspopup="menu"
      >
        Actions
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick({ kind: 'transactions', account })}>Transactions</MenuItem>
        {!archived && <MenuItem onClick={() => pick({ kind: 'transaction', account })}>Add Transaction</MenuItem>}
        <MenuItem onClick={() => pick({ kind: 'edit', account })}>Edit</MenuItem>
        <MenuItem onClick={() => pick({ kind: 'recurring', account })}>Recurring Amounts</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onArchive();
          }}
        >
          {archived ? 'Restore' : 'Archive'}
        </MenuItem>
        <MenuItem onClick={() => pick({ kind: 'delete', account })} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}

/** /admin/hold-accounts: Active/Archived, balances, and every admin action on an account. */
export function HoldAccountsPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status') === 'archived' ? 'archived' : 'active';
  const [open, setOpen] = useState<Open>(null);

  const accounts = useQuery({
    queryKey: keys.holdAccounts.list(status),
    queryFn: () => api.get<HoldAccount[]>('/hold-account', { status }),
  });
  const archive = useMutation({
    mutationFn: (account: HoldAccount) => api.get<HoldAccount>(`/hold-account/${account.id}/archive`),
    onSuccess: (updated) => {
      messages.success(updated.archived_at ? MESSAGES.holdAccountArchived : MESSAGES.holdAccountRestored);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
  });
  const remove = useMutation({
    mutationFn: (account: HoldAccount) => api.delete(`/hold-account/${account.id}`),
    onSuccess: () => {
      messages.success(MESSAGES.holdAccountDeleted);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
    onSettled: () => setOpen(null),
  });

  const columns: Column<HoldAccount>[] = [
    { key: 'fund_name', label: 'Fund Name', sortKey: 'fund_name' },
    {
      key: 'user_name',
      label: 'Missionary',
      sortKey: 'user_name',
      render: (account) => (
        <Link component={RouterLink} to={`/admin/user/${account.user_id}/profile`}>
          {account.user_name}
        </Link>
      ),
    },
    { key: 'balance', label: 'Balance', sortKey: 'balance', align: 'right', render: (a) => money(a.balance) },
    {
      key: 'unreimbursed_amount',
      label: 'Unreimbursed',
      sortKey: 'unreimbursed_amount',
      align: 'right',
      render: (a) => money(a.unreimbursed_amount),
    },
    {
      key: 'recurring',
      label: 'Recurring (Dep. / Trans. / With.)',
      render: (a) =>
        a.mat_day_recurring_deposit || a.mat_day_recurring_transfer || a.mat_day_recurring_withdrawal
          ? `${money(a.mat_day_recurring_deposit)} / ${money(a.mat_day_recurring_transfer)} / ${money(a.mat_day_recurring_withdrawal)}`
          : 'None',
    },
    ...(status === 'archived'
      ? [{ key: 'status', label: 'Status', render: () => <Chip size="small" color="warning" label="Archived" /> }]
      : []),
  ];

  return (
    <>
      <PageHeader
        title="Hold Accounts"
        actions={
          isAdmin && (
            <Button variant="contained" onClick={() => setOpen({ kind: 'create' })}>
              Add Hold Account
            </Button>
          )
        }
      />
      <Tabs
        value={status}
        onChange={(_event, value) =>
          setSearchParams(value === 'archived' ? { status: 'archived' } : {}, { replace: true })
        }
        sx={{ mb: 2 }}
        aria-label="Hold account status"
      >
        <Tab label="Active" value="active" />
        <Tab label="Archived" value="archived" />
      </Tabs>
      <DataTable<HoldAccount>
        key={status}
        queryKey={keys.holdAccounts.table(status, accounts.dataUpdatedAt)}
        fetchPage={async (params) => {
          if (accounts.isError) throw accounts.error;
          return localPage(accounts.data ?? [], params, ['fund_name', 'user_name']);
        }}
        defaultOrderBy="fund_name"
        defaultOrder="asc"
        columns={columns}
        rowKey={(account) => account.id}
        searchLabel="Search fund or missionary"
        emptyText={
          accounts.isPending
            ? 'Loading…'
            : status === 'archived'
              ? 'No archived hold accounts.'
              : 'No hold accounts yet.'
        }
        actions={(account) =>
          isAdmin ? (
            <RowActions account={account} onOpen={setOpen} onArchive={() => archive.mutate(account)} />
          ) : (
            <Button size="small" onClick={() => setOpen({ kind: 'transactions', account })}>
              Transactions
            </Button>
          )
        }
      />
      {open?.kind === 'create' && <HoldAccountDialog account={null} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <HoldAccountDialog account={open.account} onClose={() => setOpen(null)} />}
      {open?.kind === 'recurring' && <RecurringDialog account={open.account} onClose={() => setOpen(null)} />}
      {open?.kind === 'transactions' && <TransactionsDialog account={open.account} onClose={() => setOpen(null)} />}
      {open?.kind === 'transaction' && <TransactionDialog account={open.account} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Delete hold account?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setOpen(null)}
        onConfirm={() => open?.kind === 'delete' && remove.mutate(open.account)}
      >
        {open?.kind === 'delete' &&
          `“${open.account.fund_name}” will be removed permanently. Accounts with donations, expenses, advances or transactions cannot be deleted; archive them instead.`}
      </ConfirmDialog>
    </>
  );
}
