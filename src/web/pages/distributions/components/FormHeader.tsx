import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Chip } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DISTRIBUTION_READ_ONLY } from '../../../../domain/distributions/form';
import { isStaff } from '../../../../domain/roles';
import { PageHeader } from '../../../components/PageHeader';
import { date } from '../../../format';
import { useCurrentUser } from '../../../session/session';
import { useTerms } from '../../../site/site-config';
import { StatementButton } from '../../statements/StatementButton';
import { ReverseDialog } from '../dialogs/ReverseDialog';
import type { DistributionFormModel } from '../use-distribution-form';

/** The Back link goes to the field worker's profile, and only when that user is a missionary. */
function useBackLink(form: DistributionFormModel): string | null {
  const me = useCurrentUser();
  const contextUser = form.loaded?.user;
  if (contextUser?.role !== 'missionary') return null;
  if (isStaff(me.role)) return `/admin/user/${contextUser.id}/profile`;
  return contextUser.id === me.id ? `/profile/${me.id}` : null;
}

const STATUS_CHIPS = {
  approved: { label: 'Approved', color: 'success' },
  pending: { label: 'Pending', color: 'default' },
  reversed: { label: 'Reversed', color: 'error' },
} as const;

/**
 * A reversed distribution says so once: the read-only reason, then when, by whom and why
 * (docs/distribution.md "Reversing an approval"). The page leaves its own read-only notice out then.
 */
export function ReversalNotice({ form }: { form: DistributionFormModel }) {
  const saved = form.saved.data;
  if (saved?.status !== 'reversed') return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {DISTRIBUTION_READ_ONLY.reversed} Reversed on {date(saved.reversed_at)} by{' '}
      {saved.reversed_by_name ?? 'an administrator'}. Reason: {saved.reversal_reason}.
    </Alert>
  );
}

/** The page title with the distribution's number and status, its statement, Reverse (admins) and the way back. */
export function FormHeader({ form }: { form: DistributionFormModel }) {
  const terms = useTerms();
  const me = useCurrentUser();
  const [reversing, setReversing] = useState(false);
  const { id, status, readOnly, statementId } = form;
  const backTo = useBackLink(form);
  const canReverse = id !== null && status === 'approved' && me.role === 'admin';
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
                  label={STATUS_CHIPS[status].label}
                  color={STATUS_CHIPS[status].color}
                />
              )}
              {readOnly && <Chip size="small" component="span" variant="outlined" label="Read-only" />}
            </Box>
          ) : readOnly ? (
            <Chip size="small" component="span" variant="outlined" label="Read-only" />
          ) : undefined
        }
        actions={
          backTo || statementId !== null || canReverse ? (
            <>
              {canReverse && (
                <Button variant="outlined" color="error" onClick={() => setReversing(true)}>
                  Reverse
                </Button>
              )}
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
      {reversing && id !== null && <ReverseDialog distributionId={id} onClose={() => setReversing(false)} />}
    </>
  );
}
