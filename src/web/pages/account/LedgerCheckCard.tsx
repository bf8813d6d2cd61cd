import { Alert, AlertTitle, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ledgerContract } from '../../../domain/ledger/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';

const SHOWN = 5;

/**
 * "Ledger check" on the admin dashboard: runs GET /ledger-check (the invariants of
 * docs/distribution.md "Ledger invariants", the same as `npm run check:ledger`) and says either
 * "All N checks hold" or which checks fail, with their findings.
 */
export function LedgerCheckCard() {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  const [all, setAll] = useState(false);
  const { data, isError, refetch, isFetching } = useQuery({
    queryKey: keys.ledgerCheck,
    queryFn: () => call(ledgerContract.ledgerCheck),
    enabled: admin,
    staleTime: 60_000,
  });
  if (!admin) return null;
  const failing = data?.checks.filter((check) => check.findings > 0) ?? [];
  const shown = all ? data?.violations : data?.violations.slice(0, SHOWN);
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="ledger-check-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="ledger-check-title" variant="h6" component="h2">
            Ledger check
          </Typography>
          <Button size="small" onClick={() => refetch()} disabled={isFetching}>
            {isFetching ? 'Checking…' : 'Check again'}
          </Button>
        </Box>
        {isError && <Alert severity="error">The ledger check could not run.</Alert>}
        {!data && !isError && <Typography color="text.secondary">Checking the ledger…</Typography>}
        {data && failing.length === 0 && (
          <Alert severity="success">
            All {data.checks.length} checks hold: every balance equals its journal, nothing is paid twice, and the{' '}
            {money(data.totals.money)} held equals opening balances plus donations less what was paid out.
          </Alert>
        )}
        {data && failing.length > 0 && (
          <Alert severity={data.holds ? 'warning' : 'error'}>
            <AlertTitle>
              {data.holds
                ? `All ${data.checks.length} checks hold, with ${data.violation_count} warning${data.violation_count === 1 ? '' : 's'}`
                : `${failing.filter((c) => c.severity === 'error').length} of ${data.checks.length} checks fail`}
            </AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {failing.map((check) => (
                <li key={check.id}>
                  {check.title}: {check.findings} {check.severity === 'error' ? 'failure' : 'warning'}
                  {check.findings === 1 ? '' : 's'}
                </li>
              ))}
            </Box>
            <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2 }} aria-label="Findings">
              {shown?.map((found) => (
                <li key={`${found.check}:${found.message}`}>{found.message}</li>
              ))}
            </Box>
            {!all && data.violation_count > SHOWN && (
              <Button size="small" onClick={() => setAll(true)}>
                Show all {data.violation_count}
              </Button>
            )}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
