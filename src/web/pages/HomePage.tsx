import { Box } from '@mui/material';
import { Navigate } from 'react-router';
import { Loading } from '../components/Loading';
import { PageHeader } from '../components/PageHeader';
import { useSession } from '../session/session';
import { homeFor } from '../shell/menu';

/** "/" sends each role to its start page; an account without a role is told so. */
export function HomePage() {
  const { status, user } = useSession();
  if (status === 'loading') return <Loading label="Signing you in" />;
  if (!user) return <Navigate to="/login" replace />;
  const home = homeFor(user.role, user.id);
  if (home) return <Navigate to={home} replace />;
  return (
    <>
      <PageHeader title="Welcome" />
      {/* A plain notice rather than Alert: this page is on the sign-in path, which carries no Alert code. */}
      <Box role="status" sx={{ p: 1.5, borderRadius: 1, bgcolor: '#e5f0f6', color: '#0b3c5d' }}>
        Your account does not have a role yet. Please ask an administrator to assign one.
      </Box>
    </>
  );
}
