import { Button, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { usersContract } from '../../../domain/users/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { RoleFilter } from './RoleFilter';
import { UserAccountActionDialog } from './UserAccountActionDialog';
import { useRoleFilter } from './use-role-filter';
import { useUserAccountAction } from './use-user-account-action';
import { userActions, userColumns } from './user-columns';

/** /admin/users and /admin/users/archived. */
export function UsersPage() {
  const archived = useLocation().pathname.endsWith('/archived');
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const { role, chooseRole } = useRoleFilter();
  const account = useUserAccountAction();

  return (
    <>
      <PageHeader
        title={archived ? 'Archived Users' : 'Users'}
        actions={
          isAdmin && (
            <Button variant="contained" component={RouterLink} to="/admin/user/create">
              Add User
            </Button>
          )
        }
      />
      <Tabs value={archived ? 1 : 0} sx={{ mb: 2 }} aria-label="User lists">
        <Tab label="Active" component={RouterLink} to="/admin/users" />
        <Tab label="Archived" component={RouterLink} to="/admin/users/archived" />
      </Tabs>
      <DataTable<User>
        key={archived ? 'archived' : 'active'}
        queryKey={keys.users.list(archived, role)}
        fetchPage={(params) =>
          call(usersContract.paginateUsers, { query: { ...params, trashed: archived ? 1 : 0, ...(role && { role }) } })
        }
        // Staff and missionaries are found by name: A–Z first, not the newest account first.
        defaultOrderBy="name"
        defaultOrder="asc"
        toolbar={<RoleFilter value={role ?? ''} onChange={chooseRole} />}
        columns={userColumns(archived)}
        rowKey={(user) => user.id}
        searchLabel="Search name, email or Account #"
        emptyText={archived ? 'No archived users.' : 'No users yet.'}
        actions={isAdmin ? (user) => userActions(user, archived, user.id === me.id, account.ask) : undefined}
      />
      <UserAccountActionDialog
        pending={account.pending}
        busy={account.busy}
        onClose={account.cancel}
        onConfirm={account.confirm}
      />
    </>
  );
}
