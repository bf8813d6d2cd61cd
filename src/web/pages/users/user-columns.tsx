import { Button, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ROLE_LABELS } from '../../../domain/roles';
import type { User } from '../../api/types';
import type { Column } from '../../components/DataTable';
import { date } from '../../format';
import type { UserAccountAction } from './use-user-account-action';

/** The users list's columns; the archived list shows when an account was archived instead of created. */
export function userColumns(archived: boolean): Column<User>[] {
  return [
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
}

/** An admin's actions on one account: Restore or Delete when archived, else Archive (not on oneself). */
export function userActions(user: User, archived: boolean, self: boolean, ask: (action: UserAccountAction) => void) {
  return archived ? (
    <>
      <Button size="small" onClick={() => ask({ kind: 'restore', user })}>
        Restore
      </Button>
      <Button size="small" color="error" onClick={() => ask({ kind: 'delete', user })}>
        Delete
      </Button>
    </>
  ) : (
    !self && (
      <Button size="small" color="error" onClick={() => ask({ kind: 'archive', user })}>
        Archive
      </Button>
    )
  );
}
