import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/PageHeader';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Typography sx={{ mb: 2 }}>There is nothing at this address.</Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go to the start page
      </Button>
    </>
  );
}
