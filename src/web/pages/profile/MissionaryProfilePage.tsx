import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usersContract } from '../../../domain/users/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ReadOnlyFields } from '../../components/ReadOnlyFields';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useTerms } from '../../site/site-config';
import { ChangePasswordForm } from './ChangePasswordForm';
import { missionaryProfileSections } from './profile-sections';

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? 'Organisation setting' : `${value}%`;

/** /profile/:user_id: the missionary's own details, read-only, and a password change. */
export function MissionaryProfilePage() {
  const { user_id } = useParams();
  const me = useCurrentUser();
  const terms = useTerms();
  const own = Number(user_id) === me.id;
  const query = useQuery({
    queryKey: keys.users.one(me.id),
    queryFn: () => call(usersContract.getUser, { params: { id: me.id } }),
    enabled: own,
  });
  if (!own) return <Alert severity="warning">You can only view your own profile.</Alert>;
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const user = query.data;
  const profile = user.profile;
  return (
    <>
      <PageHeader title={`My ${terms.missionary} Profile`} subtitle={user.name} />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Basic Info
          </Typography>
          <ReadOnlyFields
            fields={[
              ['Name', user.name],
              ['Email', user.email],
              ['Account #', user.missionary_number],
            ]}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Payroll Info
          </Typography>
          <ReadOnlyFields
            fields={[
              ['Tax Status', profile?.tax_status],
              ['Minister', profile?.minister ? 'Yes' : 'No'],
              ['FICA Tax', profile?.fica_tax ? 'Yes' : 'No'],
              ['Net Salary', money(profile?.net_salary)],
              ['Housing Allowance', money(profile?.housing_allowance)],
              ['Retirement 403(b)', money(profile?.retirement_amount)],
              ['Federal Income Tax', money(profile?.federal_income_tax)],
              ['Insurance', money(profile?.insurance_amount)],
              ['Wire Fee', money(profile?.wire_fee)],
              ['Admin Fee', percent(profile?.admin_fee_percentage)],
              [
                'Admin Fee Cap',
                profile?.admin_fee_cap === null || profile?.admin_fee_cap === undefined
                  ? 'Organisation setting'
                  : money(profile.admin_fee_cap),
              ],
              ['Fund Balance', money(profile?.fund_balance)],
              ['Unreimbursed Amount', money(profile?.unreimbursed_amount)],
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Payroll details are kept by the office. Contact an administrator to change them.
          </Typography>
        </Paper>
        {missionaryProfileSections.map((Section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static
          <Section key={index} user={user} />
        ))}
        <ChangePasswordForm userId={user.id} />
      </Stack>
    </>
  );
}
