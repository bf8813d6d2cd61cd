import { Alert, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { systemContract } from '../../../domain/system/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useCurrentUser } from '../../session/session';

/** The warnings' query, also read by the dashboard that waits for it (StaffReportsPage). */
export const systemWarningsQuery = {
  queryKey: keys.systemWarnings,
  queryFn: () => call(systemContract.systemWarnings),
  staleTime: 5 * 60_000,
};

/** Configuration an admin must fix (e.g. PUBLIC_URL unset), shown on the admin dashboard. */
export function SystemWarnings() {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  const { data } = useQuery({ ...systemWarningsQuery, enabled: admin });
  if (!admin || !data || data.warnings.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {data.warnings.map((warning) => (
        <Alert key={warning} severity="warning">
          {warning}
        </Alert>
      ))}
    </Stack>
  );
}
