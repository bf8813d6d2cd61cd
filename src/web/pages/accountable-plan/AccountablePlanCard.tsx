import { Alert, Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { accountablePlanContract, TAccountableFlag } from '../../../domain/accountable-plan/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { route } from '../../api/route';
import { useCurrentUser } from '../../session/session';

// Loaded with the missionary dashboard: the contract as a type only (src/web/api/route.ts says why).
const accountablePlan = route<typeof accountablePlanContract.accountablePlan>({
  method: 'GET',
  path: '/accountable-plan',
});

const KIND_LABELS: Record<TAccountableFlag['kind'], string> = {
  advance_not_reported: 'Advance not reported',
  advance_not_returned: 'Advance not settled',
  expense_late: 'Expense past 60 days',
};

/** Where a flag leads: the report of a late expense, the advance list (staff) or the advance page (owner). */
function linkOf(flag: TAccountableFlag, staff: boolean): { to: string; label: string } {
  if (flag.expense_report_id !== null) {
    return { to: `/expense-report/${flag.expense_report_id}`, label: `Open report #${flag.expense_report_id}` };
  }
  return staff
    ? { to: `/admin/user/${flag.user_id}/profile`, label: `Open ${flag.user_name}'s advances` }
    : { to: '/advance-request', label: `Open advance #${flag.advance_id}` };
}

/**
 * "Accountable plan" (docs/decisions.md): the open items past the IRS limits, with the number of
 * days, on the staff dashboard (every missionary) and on a missionary's own dashboard. Says nothing
 * while nothing is flagged on a missionary's dashboard; staff see "Nothing is overdue".
 */
export function AccountablePlanCard() {
  const me = useCurrentUser();
  const staff = me.role === 'admin' || me.role === 'employee';
  const { data, isError } = useQuery({
    queryKey: keys.accountablePlan.of(me.id),
    queryFn: () => call(accountablePlan),
    staleTime: 60_000,
  });
  if (!staff && (!data || data.flags.length === 0) && !isError) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="accountable-plan-title">
      <CardContent>
        <Typography id="accountable-plan-title" variant="h6" component="h2">
          Accountable plan
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          To stay tax-free, an advance is reported within 60 days of payment and settled within 120, and an expense is
          submitted within 60 days of its date.
        </Typography>
        {isError && <Alert severity="error">The accountable-plan check could not run.</Alert>}
        {!data && !isError && <Typography color="text.secondary">Checking…</Typography>}
        {data && data.flags.length === 0 && <Alert severity="success">Nothing is overdue.</Alert>}
        {data && data.flags.length > 0 && (
          <List dense disablePadding aria-label="Overdue items">
            {data.flags.map((flag) => {
              const link = linkOf(flag, staff);
              return (
                <ListItem key={`${flag.kind}:${flag.advance_id ?? flag.expense_id}`} disableGutters divider>
                  <ListItemText
                    primary={`${KIND_LABELS[flag.kind]}: ${flag.days} days${staff ? ` — ${flag.user_name}` : ''}`}
                    secondary={
                      <>
                        {flag.message}{' '}
                        <Link component={RouterLink} to={link.to}>
                          {link.label}
                        </Link>
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
