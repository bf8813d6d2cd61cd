import { Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { statementsContract } from '../../../domain/reports/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { route } from '../../api/route';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { DonationsChart, DonationsChartEmpty } from './DonationsChart';

// On the missionary dashboard: the contract as a type only (src/web/api/route.ts says why).
const statementTrend = route<typeof statementsContract.statementTrend>({ method: 'GET', path: '/statements/trend' });

/** "Giving over time": the last 12 approved distributions of a user, as a chart. */
export function DonationsTrendCard({
  userId,
  title = 'Giving over time',
  footer,
}: {
  userId: number;
  title?: string;
  footer?: ReactNode;
}) {
  const trend = useQuery({
    queryKey: keys.statements.trend(userId),
    queryFn: () => call(statementTrend, { query: { user_id: userId } }),
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-section="donations-trend">
      <Typography variant="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Monthly donations and the fund's ending balance, last 12 approved distributions.
      </Typography>
      {trend.isPending ? (
        <Loading />
      ) : trend.isError ? (
        <ErrorState error={trend.error} onRetry={() => trend.refetch()} />
      ) : trend.data.points.length === 0 ? (
        <DonationsChartEmpty />
      ) : (
        <DonationsChart points={trend.data.points} label={title} />
      )}
      {footer}
    </Paper>
  );
}
