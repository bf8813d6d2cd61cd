import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import {
  canGoBack,
  type DistributionResult,
  LAST_STEP,
  primaryButtonLabel,
  showPrimaryButton,
} from '../../../../domain/distributions';
import { MESSAGES } from '../../../../domain/messages';
import { isStaff } from '../../../../domain/roles';
import { ErrorState } from '../../../components/ErrorState';
import { Loading } from '../../../components/Loading';
import { useCurrentUser } from '../../../session/session';
import { usd } from '../cents';
import type { DistributionFormModel } from '../use-distribution-form';
import { ApprovalsStep } from './ApprovalsStep';
import { DistributionStep } from './DistributionStep';
import { ExpensesStep } from './ExpensesStep';
import { PayrollStep } from './PayrollStep';
import { SelectStep } from './SelectStep';

/** On a phone the summary is below the form: the two figures that matter most stay in sight. */
function KeyFigures({ result }: { result: DistributionResult }) {
  return (
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
  );
}

/** The current step's own screen. */
function StepContent({ form }: { form: DistributionFormModel }) {
  const me = useCurrentUser();
  const { step, state, dispatch, loaded, result, readOnly, fieldErrors, enabled, context } = form;
  return (
    <>
      {step === 0 && (
        <>
          <SelectStep
            state={state}
            dispatch={dispatch}
            locked={form.locked}
            canListUploads={isStaff(me.role)}
            undistributed={form.undistributed}
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
          onReimbursements={() => form.setDialog({ kind: 'reimbursements' })}
          onAdvances={() => form.setDialog({ kind: 'advances' })}
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
            form.commentsDraft.current = value;
          }}
        />
      )}
    </>
  );
}

/** Back, and Next or Save (a read-only distribution has no Save). */
function StepNavigation({ form }: { form: DistributionFormModel }) {
  const { step, setStep, readOnly } = form;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 3 }}>
      <Button variant="outlined" disabled={!canGoBack(step)} onClick={() => setStep((current) => current - 1)}>
        Back
      </Button>
      {showPrimaryButton(step, readOnly) &&
        (step < LAST_STEP ? (
          <Button variant="contained" disabled={!form.stepValid} onClick={() => setStep((current) => current + 1)}>
            {primaryButtonLabel(step)}
          </Button>
        ) : (
          <Button variant="contained" disabled={!form.canSubmit} onClick={form.submit}>
            {form.saving ? 'Saving…' : primaryButtonLabel(step)}
          </Button>
        ))}
    </Box>
  );
}

/** The step being worked on: its heading, review flags, its screen, the server's refusal, the buttons. */
export function StepPanel({ form, steps }: { form: DistributionFormModel; steps: readonly string[] }) {
  const { step, result, flags } = form;
  const serverMessages = Object.entries(form.serverErrors);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="step-title">
      <Typography variant="h2" id="step-title" sx={{ mb: 2 }}>
        {`Step ${step + 1} of ${steps.length}: ${steps[step]}`}
      </Typography>
      {result && <KeyFigures result={result} />}
      {flags.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          <strong>Needs a review:</strong> {flags.map((flag) => flag.message).join(' ')}
        </Alert>
      )}
      <StepContent form={form} />
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
      <StepNavigation form={form} />
    </Paper>
  );
}
