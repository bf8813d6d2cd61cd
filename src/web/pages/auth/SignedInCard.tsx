import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from './AuthCard';

/** /login when already signed in: who you are, Continue and Logout. */
export function SignedInCard({ email, onLogout }: { email: string; onLogout(): void }) {
  return (
    <AuthCard title="Login">
      <Typography sx={{ mb: 2 }}>Logged in as {email}</Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" component={RouterLink} to="/">
          Continue
        </Button>
        <Button variant="outlined" onClick={onLogout}>
          Logout
        </Button>
      </Box>
    </AuthCard>
  );
}
