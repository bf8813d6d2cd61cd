import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { exchangeRatesContract as api } from '../../../domain/exchange-rates/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { type Column, DataTable } from '../../components/DataTable';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { localPage } from '../../components/local-page';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { ExchangeRateDialog } from './ExchangeRateDialog';
import { ExchangeRateImport } from './ExchangeRateImport';
import { type RateRow, rateRows } from './exchange-rate-rows';

const COLUMNS: Column<RateRow>[] = [
  { key: 'month', label: 'Month', sortKey: 'month', render: (row) => row.monthName },
  { key: 'currency', label: 'Currency', sortKey: 'currency' },
  { key: 'perDollar', label: 'Rate', render: (row) => row.perDollar },
  { key: 'perUnit', label: 'Each unit', render: (row) => row.perUnit },
];

/**
 * /admin/settings/exchange-rates (decision 37): the office's rate per month and currency, which the
 * expense form suggests to missionaries. Admins add, change and import them; employees read them.
 */
export function ExchangeRatesPage() {
  const me = useCurrentUser();
  const editable = me.role === 'admin';
  const rates = useQuery({
    queryKey: queryKeyOf(api.listExchangeRates),
    queryFn: () => call(api.listExchangeRates),
  });
  const [editing, setEditing] = useState<RateRow | 'new' | null>(null);
  const rows = rateRows(rates.data ?? []);
  return (
    <>
      <Button component={RouterLink} to="/admin/settings" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to Settings
      </Button>
      <PageHeader
        title="Exchange Rates"
        subtitle="How many units of each currency one US dollar buys, month by month. The expense form suggests the month’s rate; the missionary may change it."
      />
      <Stack spacing={3}>
        {!editable && <Alert severity="info">Only an admin can change or import the exchange rates.</Alert>}
        {editable && <ExchangeRateImport />}
        {rates.isPending ? (
          <Loading label="Loading the exchange rates" />
        ) : rates.isError ? (
          <ErrorState error={rates.error} onRetry={() => rates.refetch()} />
        ) : (
          <DataTable<RateRow>
            title="Rates by month"
            urlPrefix="rates"
            queryKey={[...queryKeyOf(api.listExchangeRates), 'table', rates.dataUpdatedAt]}
            fetchPage={async (params) => localPage(rows, params, ['monthName', 'currency', 'month'])}
            defaultOrderBy="month"
            defaultOrder="desc"
            columns={COLUMNS}
            rowKey={(row) => row.id}
            searchLabel="Search month or currency"
            emptyText={
              editable
                ? 'No rates yet. Add a month’s rate or import a CSV file.'
                : 'No rates yet. An admin adds them here.'
            }
            toolbar={
              editable && (
                <Button variant="contained" onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap' }}>
                  Add Rate
                </Button>
              )
            }
            actions={
              editable
                ? (row) => (
                    <Button
                      size="small"
                      onClick={() => setEditing(row)}
                      aria-label={`Edit ${row.currency} ${row.monthName}`}
                    >
                      Edit
                    </Button>
                  )
                : undefined
            }
          />
        )}
      </Stack>
      {editing && <ExchangeRateDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
