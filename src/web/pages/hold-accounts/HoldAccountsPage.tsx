import { Button, Tab, Tabs } from '@mui/material';
import { keys } from '../../api/query-keys';
import { DataTable } from '../../components/DataTable';
import { localPage } from '../../components/local-page';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { HoldAccountDialogs } from './HoldAccountDialogs';
import { HoldAccountRowActions } from './HoldAccountRowActions';
import { holdAccountColumns } from './hold-account-columns';
import type { HoldAccount } from './types';
import { useHoldAccounts } from './use-hold-accounts';

/** /admin/hold-accounts: Active/Archived, balances, and every admin action on an account. */
export function HoldAccountsPage() {
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const page = useHoldAccounts();
  const { status, accounts, setOpen, archive } = page;

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
        onChange={(_event, value) => page.showStatus(value)}
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
        columns={holdAccountColumns(status)}
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
            <HoldAccountRowActions account={account} onOpen={setOpen} onArchive={() => archive.mutate(account)} />
          ) : (
            <Button size="small" onClick={() => setOpen({ kind: 'transactions', account })}>
              Transactions
            </Button>
          )
        }
      />
      <HoldAccountDialogs page={page} />
    </>
  );
}
