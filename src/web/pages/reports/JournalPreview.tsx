import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { TJournalPreview } from '../../../domain/reports/presets/contract';
import { KIND_LABELS, kindLabels } from '../../../domain/reports/presets/kinds';
import { money } from '../../format';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/*
 * Plain table elements, styled here: MUI's Table components, shared with the staff lists, would be
 * split into a chunk of their own that the missionary dashboard then loads too (test/web-budget.test.ts).
 */
const CELL = { px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider', textAlign: 'left', typography: 'body2' };

/**
 * A table in a region of its own that scrolls sideways (and down, past `maxHeight`): a file's eight
 * or ten columns are wider than a phone, and it is the region that scrolls, never the page. The
 * region is named and takes focus, so a keyboard or screen-reader user can find and scroll it.
 */
function Frame({ label, children, maxHeight }: { label: string; children: ReactNode; maxHeight?: number }) {
  return (
    <Box
      role="region"
      aria-label={`${label}, scrolls sideways`}
      tabIndex={0}
      sx={{ overflow: 'auto', maxWidth: '100%', maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box component="table" aria-label={label} sx={{ borderCollapse: 'collapse', width: '100%' }}>
        {children}
      </Box>
    </Box>
  );
}

function Cell({
  head,
  right,
  bold,
  children,
}: {
  head?: boolean;
  right?: boolean;
  bold?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component={head ? 'th' : 'td'}
      scope={head ? 'col' : undefined}
      sx={{ ...CELL, whiteSpace: 'nowrap', fontWeight: head || bold ? 600 : 400, textAlign: right ? 'right' : 'left' }}
    >
      {children}
    </Box>
  );
}

/** What the download will hold, in a sentence: entries, lines, and for Xero how many files. */
function summaryOf(preview: TJournalPreview): string {
  if (preview.entry_count === 0) return 'No approvals, reversals, payouts or balance moves are dated in this range.';
  const files = preview.files > 1 ? `, as a zip of ${preview.files} files of at most 300 lines` : '';
  return `${plural(preview.entry_count, 'entry', 'entries')} (${plural(preview.line_count, 'line')})${files}; debits ${money(preview.total_debit)} = credits ${money(preview.total_credit)}.`;
}

/** The first entries as the file holds them: header rows, then each entry's rows, cell for cell. */
function FileRows({ preview }: { preview: TJournalPreview }) {
  const width = Math.max(...preview.header.map((row) => row.length), ...preview.rows.map((row) => row.length));
  const cells = (row: string[]) => Array.from({ length: width }, (_, index) => row[index] ?? '');
  return (
    <Frame label={`First ${plural(preview.entries_shown, 'entry', 'entries')} of the file`} maxHeight={360}>
      <thead>
        {preview.header.map((row, rowIndex) => (
          // Header rows are fixed per layout; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a layout's header rows never reorder
          <tr key={rowIndex}>
            {cells(row).map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the file
              <Cell key={index} head>
                {cell}
              </Cell>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {preview.rows.map((row, rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows are a fixed snapshot
          <tr key={rowIndex}>
            {cells(row).map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the file
              <Cell key={index}>{cell}</Cell>
            ))}
          </tr>
        ))}
      </tbody>
    </Frame>
  );
}

/** The range's debits and credits per account, as the download books them. */
function Totals({ preview }: { preview: TJournalPreview }) {
  return (
    <Frame label="Totals per account">
      <thead>
        <tr>
          <Cell head>Account</Cell>
          <Cell head>Kind</Cell>
          <Cell head right>
            Debit
          </Cell>
          <Cell head right>
            Credit
          </Cell>
        </tr>
      </thead>
      <tbody>
        {preview.totals.map((total) => (
          <tr key={`${total.kind} ${total.number} ${total.name}`}>
            <Cell>
              {total.number} {total.name}
            </Cell>
            <Cell>{KIND_LABELS[total.kind].label}</Cell>
            <Cell right>{total.debit ? money(total.debit) : ''}</Cell>
            <Cell right>{total.credit ? money(total.credit) : ''}</Cell>
          </tr>
        ))}
        <tr>
          <Cell bold>Total</Cell>
          <Cell>{''}</Cell>
          <Cell right bold>
            {money(preview.total_debit)}
          </Cell>
          <Cell right bold>
            {money(preview.total_credit)}
          </Cell>
        </tr>
      </tbody>
    </Frame>
  );
}

/** Before the download: what the file holds, its first entries, the totals per account and what is unmapped. */
export function JournalPreview({ preview }: { preview: TJournalPreview }) {
  return (
    <Stack spacing={2} aria-label="Preview" component="section">
      <Typography variant="body2" role="status">
        {summaryOf(preview)}
      </Typography>
      {preview.unmapped.length > 0 && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to="/admin/settings/accounting"
              sx={{ whiteSpace: 'nowrap' }}
            >
              Map accounts
            </Button>
          }
        >
          Not mapped: {kindLabels(preview.unmapped)}. These lines carry Sheepfold’s own account names.
        </Alert>
      )}
      {preview.entry_count > 0 && (
        <>
          <Box>
            <Typography variant="h3" sx={{ mb: 1 }}>
              First {plural(preview.entries_shown, 'entry', 'entries')} as the file holds them
            </Typography>
            <FileRows preview={preview} />
          </Box>
          <Box>
            <Typography variant="h3" sx={{ mb: 1 }}>
              Totals per account
            </Typography>
            <Totals preview={preview} />
          </Box>
        </>
      )}
    </Stack>
  );
}
