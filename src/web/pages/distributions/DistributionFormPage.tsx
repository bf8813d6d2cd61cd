import { Alert, Grid, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { distributionSteps } from '../../../domain/distributions';
import { isStaff } from '../../../domain/roles';
import { settingsContract } from '../../../domain/settings/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { useTerms } from '../../site/site-config';
import { FormHeader, ReversalNotice } from './components/FormHeader';
import { FormSteps } from './components/FormSteps';
import { SummaryCard } from './components/SummaryCard';
import { FormDialogs } from './dialogs/FormDialogs';
import { StepPanel } from './steps/StepPanel';
import { useDistributionForm } from './use-distribution-form';

/**
 * /admin/distribution-form[/:id] and /distribution-form/:id (docs/product.md §2.4). On load it fetches the
 * settings, then rebuilds the distribution named in the route or starts empty; a new id (or leaving
 * the screen) starts over, because the form below is keyed by the id.
 */
export function DistributionFormPage() {
  const { id } = useParams();
  const me = useCurrentUser();
  const settings = useQuery({ queryKey: keys.settings, queryFn: () => call(settingsContract.listSettings) });
  if (!id && !isStaff(me.role)) {
    return (
      <>
        <PageHeader title="Distribution Form" />
        <Alert severity="info">
          Open one of your approved distributions from{' '}
          <Link component={RouterLink} to={`/profile/${me.id}`}>
            your profile
          </Link>
          .
        </Alert>
      </>
    );
  }
  if (settings.isPending) return <Loading label="Loading settings" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => settings.refetch()} />;
  return <DistributionForm key={id ?? 'new'} id={id ? Number(id) : null} />;
}

/** The wizard's view; its state and data are in use-distribution-form.ts. */
function DistributionForm({ id }: { id: number | null }) {
  const terms = useTerms();
  const steps = distributionSteps(terms.missionary);
  const form = useDistributionForm(id);
  const { saved, state, loaded, result, enabled, context, setDialog } = form;

  if (id !== null && saved.isPending) return <Loading label="Loading the distribution" />;
  if (id !== null && saved.isError) {
    return (
      <>
        <PageHeader title="Distribution Form" />
        <ErrorState error={saved.error} onRetry={() => saved.refetch()} />
      </>
    );
  }

  const contextUser = loaded?.user;
  const header = state.fieldWorker
    ? {
        name: contextUser?.name ?? state.fieldWorker.name,
        missionaryNumber: contextUser?.missionaryNumber ?? state.fieldWorker.missionary_number,
        // What this distribution uses (this month's payroll inputs over the profile, decision 13).
        taxStatus: result?.distribution.tax_status ?? loaded?.profile.taxStatus ?? null,
        ficaTax: result?.distribution.fica_tax ?? loaded?.profile.ficaTax ?? false,
        startDate: state.startDate,
        endDate: state.endDate,
      }
    : null;

  return (
    <>
      <FormHeader form={form} />
      <ReversalNotice form={form} />
      {form.readOnlyReason && form.status !== 'reversed' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {form.readOnlyReason}
        </Alert>
      )}
      <FormSteps steps={steps} step={form.step} />
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, lg: 7, xl: 8 }}>
          <StepPanel form={form} steps={steps} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5, xl: 4 }} sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <SummaryCard
            header={header}
            result={result}
            busy={enabled && context.isFetching}
            problem={form.problem}
            onDonations={() => setDialog({ kind: 'donations' })}
            onHoldAccount={(type) => setDialog({ kind: 'hold', type })}
            onFunds={() => setDialog({ kind: 'funds' })}
          />
        </Grid>
      </Grid>
      <FormDialogs form={form} />
    </>
  );
}
