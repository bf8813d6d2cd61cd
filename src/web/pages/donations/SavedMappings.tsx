import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { normalizeHeader, ROLE_LABELS } from '../../../domain/donations/columns';
import type { TColumnMapping } from '../../../domain/donations/contract';
import { donationsContract } from '../../../domain/donations/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { date } from '../../format';
import { useMessages } from '../../shell/messages';
import { AmountChoice, amountColumnsOf, type Mapping, MappingFields } from './ColumnMapping';

/** A stored mapping (keyed by normalised header) as header → role for the file's own spelling. */
function byHeader(mapping: TColumnMapping): Mapping {
  return Object.fromEntries(
    mapping.headers.filter((h) => h.trim() !== '').map((h) => [h, mapping.columns[normalizeHeader(h)] ?? 'ignore']),
  );
}

function EditMappingDialog(props: { mapping: TColumnMapping; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<Mapping>(() => byHeader(props.mapping));
  const [amountColumn, setAmountColumn] = useState<string | null>(props.mapping.amount_column);
  const save = useMutation({
    mutationFn: () =>
      call(donationsContract.saveColumnMapping, {
        body: {
          headers: props.mapping.headers,
          columns: value,
          amount_column: amountColumnsOf(props.mapping.headers, value).length > 1 ? amountColumn : null,
        },
      }),
    onSuccess: () => {
      messages.success('Column mapping saved.');
      queryClient.invalidateQueries({ queryKey: keys.donations.columnMappings });
      props.onClose();
    },
    onError: (error) => messages.error(error.message),
  });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="edit-mapping-title" maxWidth="sm" fullWidth>
      <DialogTitle id="edit-mapping-title">Edit column mapping</DialogTitle>
      <DialogContent>
        <MappingFields headers={props.mapping.headers} value={value} onChange={setValue} disabled={save.isPending} />
        <Box sx={{ mt: 2 }}>
          <AmountChoice
            columns={amountColumnsOf(props.mapping.headers, value)}
            value={amountColumn}
            onChange={setAmountColumn}
            disabled={save.isPending}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The column mappings remembered for donor exports, to edit or delete (decision 24, docs/decisions.md). */
export function SavedMappings() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TColumnMapping | null>(null);
  const [deleting, setDeleting] = useState<TColumnMapping | null>(null);
  const list = useQuery({
    queryKey: keys.donations.columnMappings,
    queryFn: () => call(donationsContract.listColumnMappings),
  });
  const remove = useMutation({
    mutationFn: (mapping: TColumnMapping) =>
      call(donationsContract.deleteColumnMapping, { params: { id: mapping.id } }),
    onSuccess: () => {
      messages.success('Column mapping deleted.');
      queryClient.invalidateQueries({ queryKey: keys.donations.columnMappings });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setDeleting(null),
  });
  const mappings = list.data ?? [];
  if (mappings.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="saved-mappings-title">
      <Typography variant="h2" id="saved-mappings-title" sx={{ mb: 1 }}>
        Remembered column mappings
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A file with the same headers is read with its mapping.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Remembered column mappings">
        {mappings.map((mapping) => {
          const mapped = Object.entries(byHeader(mapping)).filter(([, role]) => role !== 'ignore');
          return (
            <Box
              component="li"
              key={mapping.id}
              sx={{ borderTop: 1, borderColor: 'divider', pt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {mapping.headers.filter((h) => h.trim() !== '').join(', ')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {mapped.map(([header, role]) => `${header} → ${ROLE_LABELS[role]}`).join('; ')}
                  {mapping.amount_column ? `; gift amount: ${mapping.amount_column}` : ''} · saved{' '}
                  {date(mapping.updated_at)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Button size="small" onClick={() => setEditing(mapping)} aria-label={`Edit mapping ${mapping.id}`}>
                  Edit
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(mapping)}
                  aria-label={`Delete mapping ${mapping.id}`}
                >
                  Delete
                </Button>
              </Box>
            </Box>
          );
        })}
      </Stack>
      {editing && <EditMappingDialog mapping={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete column mapping?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        The next file with these headers will ask for its columns again.
      </ConfirmDialog>
    </Paper>
  );
}
