import { useSearchParams } from 'react-router';
import type { Role } from '../../../domain/roles';
import { USER_ROLES } from '../../../domain/users/schemas';

export type RoleChoice = Exclude<Role, 'none'> | '';

/**
 * The users list's role filter, kept in the address (`?role=`) so a filtered list can be linked and
 * survives a reload; choosing another role starts again at the first page.
 */
export function useRoleFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const roleParam = searchParams.get('role');
  const role = USER_ROLES.find((known) => known === roleParam);
  const chooseRole = (next: RoleChoice) =>
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
  return { role, chooseRole };
}
