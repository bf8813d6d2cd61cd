import { useQuery } from '@tanstack/react-query';
import { accountingPresetsContract } from '../../../domain/reports/presets/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { AccountingMappingForm } from './AccountingMappingForm';

/**
 * /admin/settings/accounting: which account of the organisation's chart each kind of journal account
 * books to in the accounting-package exports of Report Downloads (docs/reports.md "Accounting presets").
 */
export function AccountingSettingsPage() {
  const me = useCurrentUser();
  const settings = useQuery({
    queryKey: queryKeyOf(accountingPresetsContract.getAccountingSettings, {}),
    queryFn: () => call(accountingPresetsContract.getAccountingSettings),
  });
  return (
    <>
      <PageHeader
        title="Accounting Settings"
        subtitle="How the journal exports for QuickBooks, Xero, Aplos and Sage Intacct name your accounts."
      />
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        // Keyed by the answer so a saved mapping (or a refetch) starts the form from what is stored.
        <AccountingMappingForm
          key={JSON.stringify(settings.data)}
          settings={settings.data}
          editable={me.role === 'admin'}
        />
      )}
    </>
  );
}
