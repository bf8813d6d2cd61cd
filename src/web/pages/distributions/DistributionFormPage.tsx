import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  Link,
  Paper,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isIsoDate } from '../../../domain/dates';
import {
  canGoBack,
  type DistributionResult,
  distributionSteps,
  isDistributionReadOnly,
  isStepValid,
  LAST_STEP,
  primaryButtonLabel,
  reviewFlags,
  showPrimaryButton,
  type TransactionType,
} from '../../../domain/distributions';
import {
  contextFromWire,
  type DistributionContext,
  FORM_CHOICES,
  initialPayload,
} from '../../../domain/distributions/context';
import { MESSAGES } from '../../../domain/messages';
import { isStaff } from '../../../domain/roles';
import { ApiError, api } from '../../api/client';
import type { Setting } from '../../api/types';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { useTerms } from '../../site/site-config';
import { StatementButton } from '../statements/StatementButton';
import { usd } from './cents';
import { SummaryCard } from './components/SummaryCard';
import { AdvanceBreakdownDialog, FundsBreakdownDialog, ReimbursementBreakdownDialog } from './dialogs/BreakdownDialogs';
import { DonationsDialog } from './dialogs/DonationsDialog';
import { HoldAccountDialog, type HoldDialogRow } from './dialogs/HoldAccountDialog';
import { EMPTY_FORM, type FormState, formReducer, manualRowKeys, payloadOf, stateFromSaved } from './form-state';
import { computePreview, type Preview } from './preview';
import { ApprovalsStep } from './steps/ApprovalsStep';
import { DistributionStep } from './steps/DistributionStep';
import { ExpensesStep } from './steps/ExpensesStep';
import { PayrollStep } from './steps/PayrollStep';
import { SelectStep } from './steps/SelectStep';
import type { DistributionRecord } from './types';

type OpenDialog =
  | { kind: 'donations' }
  | { kind: 'hold'; type: TransactionType }
  | { kind: 'reimbursements' }
  | { kind: 'advances' }
  | { kind: 'funds' }
  | null;

/**
 * /admin/distribution-form[/:id] and /distribution-form/:id (SPEC.md §2.4). On load it fetches the
 * settings, then rebuilds the distribution named in the route or starts empty; a new id (or leaving
 * the screen) starts over, because the form below is keyed by the id.
 */
export function DistributionFormPage() {
  const { id } = useParams();
  const me = useCurrentUser();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => api.get<Setting[]>('/settings') });
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

/**
 * GET /distribution-context for the form's choices. For a saved distribution the upload is always
 * sent, blank included (the server otherwise falls back to the saved upload).
 */
export function contextPath(state: FormState, distributionId: number | null): string {
  const params = new URLSearchParams();
  if (state.fieldWorker) params.set('user_id', String(state.fieldWorker.id));
  params.set('start_date', state.startDate);
  params.set('end_date', state.endDate);
  if (state.uploadName !== '' || distributionId !== null) params.set('donation_upload_name', state.uploadName);
  if (distributionId !== null) params.set('distribution_id', String(distributionId));
  return `/distribution-context?${params.toString()}`;
}

const readyToLoad = (state: FormState) =>
  state.fieldWorker !== null &&
  isIsoDate(state.startDate) &&
  isIsoDate(state.endDate) &&
  state.endDate >= state.startDate;

function DistributionForm({ id }: { id: number | null }) {
  const me = useCurrentUser();
  const terms = useTerms();
  const steps = distributionSteps(terms.missionary);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messages = useMessages();
  const [state, dispatch] = useReducer(formReducer, EMPTY_FORM);
  const [step, setStep] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const commentsDraft = useRef<string | null>(null);
  const restored = useRef(false);

  // An existing distribution: its user, range and upload, then its context with the saved choices.
  const saved = useQuery({
    queryKey: ['distributions', 'one', id],
    queryFn: () => api.get<DistributionRecord>(`/distribution/${id}`),
    enabled: id !== null,
  });
  useEffect(() => {
    if (!saved.data || restored.current) return;
    const record = saved.data;
    dispatch({
      type: 'load',
      state: {
        ...EMPTY_FORM,
        fieldWorker: {
          id: record.user_id,
          name: record.user_name,
          missionary_number: record.missionary_number ?? null,
        },
        startDate: record.start_date,
        endDate: record.end_date,
        uploadName: record.donation_upload_name ?? '',
      },
    });
  }, [saved.data]);

  const enabled = readyToLoad(state) && (id === null || saved.isSuccess);
  const path = contextPath(state, id);
  const context = useQuery({
    queryKey: ['distributions', 'context', path],
    queryFn: async () => contextFromWire(await api.get<unknown>(path)),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const loaded: DistributionContext | undefined = enabled ? context.data : undefined;

  // The saved choices come back once, with the context that holds them; a new distribution starts
  // with what was approved beforehand, once per field worker and upload.
  const defaultsFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (!restored.current && loaded.distribution) {
      restored.current = true;
      const fieldWorker = {
        id: loaded.user.id,
        name: loaded.user.name,
        missionary_number: loaded.user.missionaryNumber,
      };
      dispatch({ type: 'load', state: stateFromSaved(fieldWorker, loaded.distribution.payload) });
    }
    const key = `${loaded.user.id}|${loaded.donationUploadName ?? ''}|${loaded.endDate}`;
    const defaults =
      loaded.distribution === null && defaultsFor.current !== key ? initialPayload(loaded, FORM_CHOICES) : null;
    if (defaults) defaultsFor.current = key;
    dispatch({ type: 'context', context: loaded, defaults });
  }, [loaded]);

  const status = saved.data?.status ?? loaded?.distribution?.status ?? null;
  const readOnly = isDistributionReadOnly(me.role, status);
  // Only an approved distribution has a statement (the server answers 409 otherwise).
  const statementId = id !== null && status === 'approved' ? id : null;
  const locked = id !== null || (readOnly && status !== null);

  const preview: Preview | null = useMemo(
    () => (loaded ? computePreview(loaded, payloadOf(state)) : null),
    [loaded, state],
  );
  // While a new context loads the last computed result stays on screen (with a progress bar).
  const lastResult = useRef<DistributionResult | null>(null);
  if (preview?.kind === 'ok') lastResult.current = preview.result;
  if (!enabled) lastResult.current = null;
  const result = preview?.kind === 'ok' ? preview.result : preview?.kind === 'stale' ? lastResult.current : null;

  const flags = useMemo(
    () => (preview?.kind === 'ok' && loaded ? reviewFlags(preview.result.distribution, loaded.previous) : []),
    [preview, loaded],
  );

  const fieldErrors: Record<string, string | undefined> = {};
  const previewErrors = preview && (preview.kind === 'invalid' || preview.kind === 'refused') ? preview.errors : {};
  for (const [field, list] of Object.entries({ ...previewErrors, ...serverErrors })) fieldErrors[field] = list[0];

  const problem = (() => {
    if (enabled && context.isError) return context.error.message;
    if (preview?.kind === 'refused') return preview.message;
    if (preview?.kind === 'invalid' && step > 0) return preview.message;
    return null;
  })();

  const stepValid =
    isStepValid(step, { start_date: state.startDate, end_date: state.endDate }) &&
    (step !== 0 || (state.fieldWorker !== null && preview?.kind === 'ok'));
  const canSubmit = !readOnly && preview?.kind === 'ok' && !saving && !context.isFetching;

  const submit = async () => {
    const comments = commentsDraft.current ?? state.comments;
    const payload = payloadOf({ ...state, comments });
    setSaving(true);
    setServerErrors({});
    try {
      if (id === null) await api.postJson('/distribution', payload);
      else await api.patchJson(`/distribution/${id}`, payload);
      messages.success(id === null ? MESSAGES.distributionSaved : MESSAGES.distributionUpdated);
      dispatch({ type: 'reset' });
      await queryClient.invalidateQueries({ queryKey: ['distributions'] });
      navigate('/admin/distributions/pending');
    } catch (error) {
      messages.error(MESSAGES.distributionError);
      if (error instanceof ApiError) {
        setServerErrors(
          Object.keys(error.errors).length > 0 ? error.errors : { _: [error.message || MESSAGES.distributionError] },
        );
      }
    } finally {
      setSaving(false);
    }
  };

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

  const entries: HoldDialogRow[] = (() => {
    const rows = result?.distribution.hold_account_transactions ?? [];
    const keys = manualRowKeys(state.transactions, rows);
    return rows.map((row, index) => ({ row, manualKey: keys[index] }));
  })();

  const serverMessages = Object.entries(serverErrors);
  // The Back link goes to the field worker's profile, and only when that user is a missionary.
  const backTo =
    contextUser?.role === 'missionary'
      ? isStaff(me.role)
        ? `/admin/user/${contextUser.id}/profile`
        : contextUser.id === me.id
          ? `/profile/${me.id}`
          : null
      : null;

  return (
    <>
      <PageHeader
        title="Distribution Form"
        subtitle={
          id !== null ? (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <span>Distribution #{id}</span>
              {status && (
                <Chip
                  size="small"
                  component="span"
                  label={status === 'approved' ? 'Approved' : 'Pending'}
                  color={status === 'approved' ? 'success' : 'default'}
                />
              )}
              {readOnly && <Chip size="small" component="span" variant="outlined" label="Read-only" />}
            </Box>
          ) : readOnly ? (
            <Chip size="small" component="span" variant="outlined" label="Read-only" />
          ) : undefined
        }
        actions={
          backTo || statementId !== null ? (
            <>
              {statementId !== null && (
                <StatementButton
                  distributionId={statementId}
                  size="medium"
                  accessibleLabel={`Statement of distribution ${id}`}
                />
              )}
              {backTo && (
                <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
                  Back to {terms.missionary} Profile
                </Button>
              )}
            </>
          ) : undefined
        }
      />

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Stepper activeStep={step} alternativeLabel aria-label="Distribution steps">
          {steps.map((label, index) => (
            <Step key={label}>
              <StepLabel aria-current={index === step ? 'step' : undefined}>
                {/* On a phone the step's heading below names it; the icons keep their names for screen readers. */}
                {phone ? (
                  <Box component="span" sx={visuallyHidden}>
                    {label}
                  </Box>
                ) : (
                  label
                )}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
      </Paper>

      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, lg: 7, xl: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="step-title">
            <Typography variant="h2" id="step-title" sx={{ mb: 2 }}>
              {`Step ${step + 1} of ${steps.length}: ${steps[step]}`}
            </Typography>
            {result && (
              <Box
                sx={{
                  display: { xs: 'flex', lg: 'none' },
                  flexWrap: 'wrap',
                  gap: 2,
                  mb: 2,
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                }}
                aria-label="Key figures"
                role="group"
              >
                <Typography variant="body2">
                  Distributable <strong>{usd(result.distribution.funds_available)}</strong>
                </Typography>
                <Typography variant="body2" color={result.distribution.ending_balance < 0 ? 'error' : undefined}>
                  Ending balance <strong>{usd(result.distribution.ending_balance)}</strong>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Full summary below
                </Typography>
              </Box>
            )}
            {flags.length > 0 && (
              <Alert severity="warning" sx={{ mb: 2 }} role="status">
                <strong>Needs a review:</strong> {flags.map((flag) => flag.message).join(' ')}
              </Alert>
            )}
            {step === 0 && (
              <>
                <SelectStep
                  state={state}
                  dispatch={dispatch}
                  locked={locked}
                  canListUploads={isStaff(me.role)}
                  errors={fieldErrors}
                />
                {enabled && context.isError && (
                  <Box sx={{ mt: 2 }}>
                    <ErrorState error={context.error} onRetry={() => context.refetch()} />
                  </Box>
                )}
              </>
            )}
            {step > 0 && !loaded && (enabled && context.isPending ? <Loading /> : null)}
            {step === 1 && loaded && (
              <PayrollStep
                context={loaded}
                result={result}
                state={state}
                dispatch={dispatch}
                readOnly={readOnly}
                canEditProfile={isStaff(me.role)}
                errors={fieldErrors}
              />
            )}
            {step === 2 && loaded && (
              <ApprovalsStep context={loaded} result={result} state={state} dispatch={dispatch} readOnly={readOnly} />
            )}
            {step === 3 && (
              <ExpensesStep
                result={result}
                linkReports={isStaff(me.role)}
                onReimbursements={() => setDialog({ kind: 'reimbursements' })}
                onAdvances={() => setDialog({ kind: 'advances' })}
              />
            )}
            {step === 4 && (
              <DistributionStep
                result={result}
                state={state}
                dispatch={dispatch}
                readOnly={readOnly}
                errors={fieldErrors}
                onCommentsDraft={(value) => {
                  commentsDraft.current = value;
                }}
              />
            )}

            {serverMessages.length > 0 && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {MESSAGES.distributionError}
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {serverMessages.map(([field, list]) => (
                    <li key={field}>{list.join(' ')}</li>
                  ))}
                </Box>
              </Alert>
            )}

            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 3 }}>
              <Button variant="outlined" disabled={!canGoBack(step)} onClick={() => setStep((current) => current - 1)}>
                Back
              </Button>
              {showPrimaryButton(step, readOnly) &&
                (step < LAST_STEP ? (
                  <Button variant="contained" disabled={!stepValid} onClick={() => setStep((current) => current + 1)}>
                    {primaryButtonLabel(step)}
                  </Button>
                ) : (
                  <Button variant="contained" disabled={!canSubmit} onClick={submit}>
                    {saving ? 'Saving…' : primaryButtonLabel(step)}
                  </Button>
                ))}
            </Box>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 5, xl: 4 }} sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <SummaryCard
            header={header}
            result={result}
            busy={enabled && context.isFetching}
            problem={problem}
            onDonations={() => setDialog({ kind: 'donations' })}
            onHoldAccount={(type) => setDialog({ kind: 'hold', type })}
            onFunds={() => setDialog({ kind: 'funds' })}
          />
        </Grid>
      </Grid>

      {result && dialog?.kind === 'donations' && (
        <DonationsDialog
          open
          donations={result.donations}
          total={usdTotal(result)}
          readOnly={readOnly}
          onToggle={(donationId) => dispatch({ type: 'toggleDonation', id: donationId })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'hold' && (
        <HoldAccountDialog
          open
          type={dialog.type}
          entries={entries}
          accounts={(loaded?.holdAccounts ?? []).map((account) => ({ id: account.id, fundName: account.fundName }))}
          readOnly={readOnly}
          onAdd={(accountId, amount) =>
            dispatch({ type: 'addTransaction', accountId, transactionType: dialog.type, amount })
          }
          onDelete={(key) => dispatch({ type: 'deleteTransaction', key })}
          onClose={() => setDialog(null)}
        />
      )}
      {result && dialog?.kind === 'reimbursements' && (
        <ReimbursementBreakdownDialog open result={result} onClose={() => setDialog(null)} />
      )}
      {result && dialog?.kind === 'advances' && (
        <AdvanceBreakdownDialog open result={result} onClose={() => setDialog(null)} />
      )}
      {result && dialog?.kind === 'funds' && (
        <FundsBreakdownDialog open result={result} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

function usdTotal(result: DistributionResult): string {
  return usd(result.distribution.total_donations);
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
