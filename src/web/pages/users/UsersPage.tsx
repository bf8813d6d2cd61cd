import { Button, FormControl, InputLabel, Link, MenuItem, Select, Tab, Tabs } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { ROLE_LABELS, type Role } from '../../../domain/roles';
import { USER_ROLES } from '../../../domain/users/schemas';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import type { Page, User } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { date } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';

type Pending = { kind: 'archive' | 'restore' | 'delete'; user: User } | null;

/** /admin/users and /admin/users/archived. */
export function UsersPage() {
  const archived = useLocation().pathname.endsWith('/archived');
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const roleParam = searchParams.get('role');
  const role = USER_ROLES.find((known) => known === roleParam);
  const chooseRole = (next: Exclude<Role, 'none'> | '') =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('role', next);
        else params.delete('role');
        params.delete('page');
        return params;
      },
      { replace: true },
    );

  const action = useMutation({
    mutationFn: async ({ kind, user }: NonNullable<Pending>) => {
      if (kind === 'restore') return api.postJson(`/user/${user.id}/restore`, {});
      return api.delete(`/user/${user.id}`);
    },
    onSuccess: (_result, { kind }) => {
      messages.success(
        kind === 'archive' ? MESSAGES.userArchived : kind === 'restore' ? MESSAGES.userRestored : MESSAGES.userDeleted,
      );
      queryClient.invalidateQueries({ queryKey: keys.users.all });
      setPending(null);
    },
    onError: (error) => {
      messages.error(error.message || MESSAGES.somethingWentWrong);
      setPending(null);
    },
  });

  const columns: Column<User>[] = [
    { key: 'id', label: 'ID', sortKey: 'id', hideOnMobile: true },
    {
      key: 'name',
      label: 'Name',
      sortKey: 'name',
      wrap: true,
      render: (user) => (
        <Link component={RouterLink} to={`/admin/user/${user.id}/profile`}>
          {user.name}
        </Link>
      ),
    },
    { key: 'email', label: 'Email', sortKey: 'email', wrap: true },
    { key: 'role', label: 'Role', sortKey: 'role', render: (user) => ROLE_LABELS[user.role] },
    { key: 'missionary_number', label: 'Account #', sortKey: 'missionary_number', wrap: true },
    {
      key: archived ? 'deleted_at' : 'created_at',
      label: archived ? 'Archived' : 'Created',
      sortKey: archived ? undefined : 'created_at',
      render: (user) => date(archived ? user.deleted_at : user.created_at),
      hideOnMobile: true,
    },
  ];

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
          api.get<Page<User>>('/paginated_user', { ...params, trashed: archived ? 1 : 0, ...(role && { role }) })
        }
        // Staff and missionaries are found by name: A–Z first, not the newest account first.
        defaultOrderBy="name"
        defaultOrder="asc"
        toolbar={
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="users-role-filter">Role</InputLabel>
            <Select
              labelId="users-role-filter"
              label="Role"
              value={role ?? ''}
              onChange={(event) => chooseRole(event.target.value as Exclude<Role, 'none'> | '')}
            >
              <MenuItem value="">All roles</MenuItem>
              {USER_ROLES.map((known) => (
                <MenuItem key={known} value={known}>
                  {ROLE_LABELS[known]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        }
        columns={columns}
        rowKey={(user) => user.id}
        searchLabel="Search name, email or Account #"
        emptyText={archived ? 'No archived users.' : 'No users yet.'}
        actions={
          isAdmin
            ? (user) =>
                archived ? (
                  <>
                    <Button size="small" onClick={() => setPending({ kind: 'restore', user })}>
                      Restore
                    </Button>
                    <Button size="small" color="error" onClick={() => setPending({ kind: 'delete', user })}>
                      Delete
                    </Button>
                  </>
                ) : (
                  user.id !== me.id && (
                    <Button size="small" color="error" onClick={() => setPending({ kind: 'archive', user })}>
                      Archive
                    </Button>
                  )
                )
            : undefined
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'delete'
            ? 'Delete user for good?'
            : pending?.kind === 'restore'
              ? 'Restore user?'
              : 'Archive user?'
        }
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : pending?.kind === 'restore' ? 'Restore' : 'Archive'}
        destructive={pending?.kind !== 'restore'}
        busy={action.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && action.mutate(pending)}
      >
        {pending?.kind === 'delete'
          ? `${pending.user.name} will be removed permanently. This cannot be undone.`
          : pending?.kind === 'restore'
            ? `${pending?.user.name} will be able to sign in again.`
            : `${pending?.user.name} will be signed out and can no longer sign in. You can restore the account later.`}
      </ConfirmDialog>
    </>
  );
}
