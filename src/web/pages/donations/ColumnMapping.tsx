import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { COLUMN_ROLES, type ColumnRole, ROLE_LABELS } from '../../../domain/donations/columns';
import type { ImportPreview } from './types';

export type Mapping = Record<string, ColumnRole>;

const ROLE_HINTS: Partial<Record<ColumnRole, string>> = {
  fund: 'hold account, Account # or missionary name',
  missionary: 'the missionary receiving the gift',
  donor: 'the giver — never matched to a missionary',
  status: 'voided / refunded / failed / disputed gifts are skipped',
};

/** One select per column, the first rows' values beside it (decision 24, docs/decisions.md). */
export function MappingFields(props: {
  headers: string[];
  sample?: string[][];
  value: Mapping;
  onChange(next: Mapping): void;
  disabled?: boolean;
  /** Headers the import does not know by name: marked, so the office looks at them first. */
  unknown?: readonly string[];
}) {
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Columns of the file">
      {props.headers.map((header, index) => {
        if (header.trim() === '') return null;
        const examples = (props.sample ?? [])
          .map((row) => row[index] ?? '')
          .filter((cell) => cell !== '')
          .slice(0, 3);
        return (
          <Box
            component="li"
            key={header}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 240px' },
              gap: 1,
              alignItems: 'center',
              borderTop: 1,
              borderColor: 'divider',
              pt: 1.5,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {header}
                {props.unknown?.includes(header) && (
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ ml: 1, fontWeight: 400, fontStyle: 'italic' }}
                  >
                    (not recognised)
                  </Typography>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {examples.length > 0 ? examples.join(' · ') : 'empty in the first rows'}
              </Typography>
            </Box>
            <TextField
              select
              size="small"
              label={`“${header}” holds`}
              value={props.value[header] ?? 'ignore'}
              disabled={props.disabled}
              onChange={(event) => props.onChange({ ...props.value, [header]: event.target.value as ColumnRole })}
              helperText={ROLE_HINTS[props.value[header] ?? 'ignore']}
            >
              {COLUMN_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        );
      })}
    </Stack>
  );
}

/** Which of several amount columns holds the gift. */
export function AmountChoice(props: {
  columns: string[];
  value: string | null;
  onChange(next: string): void;
  disabled?: boolean;
}) {
  if (props.columns.length < 2) return null;
  return (
    <FormControl disabled={props.disabled}>
      <FormLabel id="amount-choice-label">The file has several amount columns. Which one is the gift?</FormLabel>
      <RadioGroup
        aria-labelledby="amount-choice-label"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.columns.map((column) => (
          <FormControlLabel key={column} value={column} control={<Radio />} label={column} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The roles a preview read its columns with, as a mapping to start editing from. */
export function mappingOf(preview: ImportPreview): Mapping {
  return Object.fromEntries(preview.columns.columns.map((column) => [column.header, column.role]));
}

/** The amount-role columns of a mapping, in the file's order. */
export function amountColumnsOf(headers: string[], mapping: Mapping): string[] {
  return headers.filter((header) => mapping[header] === 'amount');
}

/** The mapping step of the import screen: shown when the columns are not (all) recognised. */
export function ColumnMappingStep(props: {
  preview: ImportPreview;
  value: Mapping;
  onChange(next: Mapping): void;
  amountColumn: string | null;
  onAmountColumn(next: string): void;
  busy: boolean;
  onApply(): void;
}) {
  const { columns } = props.preview;
  const amountColumns = amountColumnsOf(columns.headers, props.value);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="mapping-title">
      <Typography variant="h2" id="mapping-title" sx={{ mb: 1 }}>
        Map the columns
      </Typography>
      {columns.mapping_needed ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This file's columns are not laid out like a known export. Say what each column holds, then preview again.
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {columns.unknown_headers.length > 0
            ? `Some columns are not recognised (${columns.unknown_headers.join(', ')}). Check what each column holds.`
            : 'Check what each column holds.'}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 2 }}>
        The mapping is remembered when the file is imported, and used for the next file with the same headers.
      </Typography>
      <MappingFields
        headers={columns.headers}
        sample={columns.sample}
        value={props.value}
        onChange={props.onChange}
        disabled={props.busy}
        unknown={columns.unknown_headers}
      />
      <Box sx={{ mt: 2 }}>
        <AmountChoice
          columns={amountColumns}
          value={props.amountColumn}
          onChange={props.onAmountColumn}
          disabled={props.busy}
        />
      </Box>
      <Button variant="contained" sx={{ mt: 2 }} onClick={props.onApply} disabled={props.busy}>
        Preview with this mapping
      </Button>
    </Paper>
  );
}
