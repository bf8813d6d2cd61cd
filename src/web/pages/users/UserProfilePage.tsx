import { Alert, Chip, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ROLE_LABELS } from '../../../domain/roles';
import { usersContract } from '../../../domain/users/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { OfficeNoticesSection } from '../notifications/OfficeNoticesSection';
import { BasicInfoForm } from './BasicInfoForm';
import { PayrollInfoForm } from './PayrollInfoForm';
import { userProfileSections } from './profile-sections';

/** /admin/user/:user_id/profile: forms (editable by admins) and the user's history lists. */
export function UserProfilePage() {
  const { user_id } = useParams();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.users.one(user_id),
    queryFn: () => call(usersContract.getUser, { params: { id: user_id ?? '' } }),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const user = query.data;
  const editable = me.role === 'admin' && !user.deleted_at;
  // A read-only profile says why in words, instead of Edit buttons that are simply absent.
  const readOnlyReason =
    me.role !== 'admin'
      ? "Only an admin can change a user's profile and payroll info."
      : user.deleted_at
        ? 'This user is archived; restore the user to change the profile.'
        : null;
  const saved = (next: User) => {
    queryClient.setQueryData(keys.users.one(user_id), next);
    queryClient.invalidateQueries({ queryKey: keys.users.all, exact: false });
  };
  return (
    <>
      <PageHeader
        title={user.name}
        subtitle={
          <Stack direction="row" spacing={1} component="span" sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip size="small" label={ROLE_LABELS[user.role]} component="span" />
            {user.deleted_at && <Chip size="small" color="warning" label="Archived" component="span" />}
            {user.role === 'missionary' && user.profile && (
              <span>
                Fund balance {money(user.profile.fund_balance)} · Unreimbursed {money(user.profile.unreimbursed_amount)}
              </span>
            )}
          </Stack>
        }
      />
      <Stack spacing={2}>
        {/* A staff member's own profile opens with their mail about submissions (decision 21, extended). */}
        <OfficeNoticesSection user={user} />
        {readOnlyReason && <Alert severity="info">{readOnlyReason}</Alert>}
        <BasicInfoForm key={`basic-${user.updated_at}`} user={user} editable={editable} onSaved={saved} />
        <PayrollInfoForm key={`payroll-${user.updated_at}`} user={user} editable={editable} onSaved={saved} />
        {userProfileSections.map((Section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static
          <Section key={index} user={user} />
        ))}
      </Stack>
    </>
  );
}
