import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../api/client';

/**
 * A failed load, with the server's message. "Try again" only where trying again can help: not when
 * the server answered that the thing does not exist or is not the viewer's (a 4xx other than a
 * timeout or a throttle); there a way back is offered instead, when the page gives one.
 */
export function ErrorState({
  error,
  onRetry,
  back,
}: {
  error: unknown;
  onRetry?: () => void;
  back?: { to: string; label: string };
}) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const status = error instanceof ApiError ? error.status : null;
  const final = status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return (
    <Alert
      severity="error"
      action={
        onRetry && !final ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : back ? (
          <Button color="inherit" size="small" component={RouterLink} to={back.to}>
            Back to {back.label}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
