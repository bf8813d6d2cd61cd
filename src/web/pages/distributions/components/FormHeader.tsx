import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { isStaff } from '../../../../domain/roles';
import { PageHeader } from '../../../components/PageHeader';
import { useCurrentUser } from '../../../session/session';
import { useTerms } from '../../../site/site-config';
import { StatementButton } from '../../statements/StatementButton';
import type { DistributionFormModel } from '../use-distribution-form';

/** The Back link goes to the field worker's profile, and only when that user is a missionary. */
function useBackLink(form: DistributionFormModel): string | null {
  const me = useCurrentUser();
  const contextUser = form.loaded?.user;
  if (contextUser?.role !== 'missionary') return null;
  if (isStaff(me.role)) return `/admin/user/${contextUser.id}/profile`;
  return contextUser.id === me.id ? `/profile/${me.id}` : null;
}

/** The page title with the distribution's number and status, its statement and the way back. */
export function FormHeader({ form }: { form: DistributionFormModel }) {
  const terms = useTerms();
  const { id, status, readOnly, statementId } = form;
  const backTo = useBackLink(form);
  return (
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
  );
}
