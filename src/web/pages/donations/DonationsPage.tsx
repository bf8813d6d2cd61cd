import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { donationsContract } from '../../../domain/donations/contract';
import { usersContract } from '../../../domain/users/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { type MissionaryOption, MissionarySearch } from '../hold-accounts/MissionarySearch';
import { DonationsTable } from './DonationsTable';

/** /admin/donations: paginated, searchable, filtered by missionary and upload name (kept in the address). */
export function DonationsPage() {
  const me = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const uploadName = searchParams.get('upload_name') ?? '';
  const userId = Number(searchParams.get('user_id')) || undefined;
  const [missionary, setMissionary] = useState<MissionaryOption | null>(null);
  // A missionary filter from the address (a shared link) shows the missionary's name once loaded.
  const filtered = useQuery({
    queryKey: keys.users.one(userId),
    queryFn: () => call(usersContract.getUser, { params: { id: userId ?? '' } }),
    enabled: userId !== undefined && missionary?.id !== userId,
  });
  const uploads = useQuery({
    queryKey: keys.donations.uploadNames,
    queryFn: () => call(donationsContract.listUploadNames),
  });

  const setFilter = (key: 'upload_name' | 'user_id', value: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const filters = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
      <TextField
        select
        label="Upload Name"
        value={uploadName}
        onChange={(event) => setFilter('upload_name', event.target.value || undefined)}
        sx={{ flex: { md: '1 1 0' }, minWidth: { md: 180 } }}
      >
        <MenuItem value="">All uploads</MenuItem>
        {uploadName && !uploads.data?.some((u) => u.upload_name === uploadName) && (
          <MenuItem value={uploadName}>{uploadName}</MenuItem>
        )}
        {(uploads.data ?? []).map((upload) => (
          <MenuItem key={upload.upload_name} value={upload.upload_name}>
            {upload.upload_name} ({upload.donations})
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flex: { md: '1 1 0' }, minWidth: { md: 220 } }}>
        <MissionarySearch
          label="Filter by missionary"
          value={
            userId
              ? missionary?.id === userId
                ? missionary
                : {
                    id: userId,
                    name: filtered.data?.name ?? `User #${userId}`,
                    missionary_number: filtered.data?.missionary_number ?? null,
                  }
              : null
          }
          onChange={(value) => {
            setMissionary(value);
            setFilter('user_id', value ? String(value.id) : undefined);
          }}
        />
      </Box>
    </Stack>
  );

  return (
    <>
      <PageHeader
        title="Donations"
        actions={
          me.role === 'admin' && (
            <Button variant="contained" component={RouterLink} to="/admin/denari-import">
              Denari Import
            </Button>
          )
        }
      />
      {me.role !== 'admin' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only an admin can import, change or approve donations.
        </Alert>
      )}
      <DonationsTable filter={{ user_id: userId, upload_name: uploadName || undefined }} toolbar={filters} />
    </>
  );
}
