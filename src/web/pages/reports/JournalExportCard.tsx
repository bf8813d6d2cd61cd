import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { daysInMonth, isoDateParts } from '../../../domain/dates';
import { MESSAGES } from '../../../domain/messages';
import { accountingPresetsContract, journalQuerySchema } from '../../../domain/reports/presets/contract';
import type { JournalFormat } from '../../../domain/reports/presets/layout';
import { ApiError, call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { localToday } from '../../format';
import { useMessages } from '../../shell/messages';
import { downloadFile } from '../statements/download';
import { JournalPreview } from './JournalPreview';
import { DownloadButtonIcon, ReportCard } from './ReportCard';

/** The layouts in the order a bookkeeper looks for their package; Sheepfold's own journal last. */
const LAYOUT_CHOICES: ReadonlyArray<{ value: JournalFormat; label: string }> = [
  { value: 'qbo', label: 'QuickBooks Online (journal CSV)' },
  { value: 'iif', label: 'QuickBooks Desktop (IIF)' },
  { value: 'xero', label: 'Xero (manual journal CSV)' },
  { value: 'aplos', label: 'Aplos (journal entry CSV)' },
  { value: 'intacct', label: 'Sage Intacct (GL journal CSV)' },
  { value: 'csv', label: 'Sheepfold journal (CSV)' },
];

const layoutOf = (value: string): JournalFormat =>
  LAYOUT_CHOICES.find((choice) => choice.value === value)?.value ?? 'qbo';

/** This calendar month, first to last day: the month a bookkeeper posts after MAT Day. */
function thisMonth(): { from: string; to: string } {
  const today = localToday();
  const { year, month } = isoDateParts(today);
  return {
    from: `${today.slice(0, 8)}01`,
    to: `${today.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`,
  };
}

/**
 * The journal of a range in an accounting package's import layout (docs/reports.md "Accounting
 * presets"): choose the layout and dates, read the preview (first entries, totals per account, the
 * unmapped kinds), then download the file the package imports.
 */
export function JournalExportCard() {
  const messages = useMessages();
  const [format, setFormat] = useState<JournalFormat>('qbo');
  const [range, setRange] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const parsed = journalQuerySchema.safeParse({ format, ...range });
  const query = { format, ...range };
  const preview = useQuery({
    queryKey: queryKeyOf(accountingPresetsContract.journalPreview, { query }),
    queryFn: () => call(accountingPresetsContract.journalPreview, { query }),
    enabled: parsed.success,
    // The last preview stays while the next layout's loads, so the card does not jump.
    placeholderData: keepPreviousData,
  });
  // The schema names the fields as the other reports do; this card's fields are Dated From and Dated To.
  const rangeError = parsed.success
    ? null
    : (parsed.error.issues[0]?.message.replaceAll('From Date', 'Dated From').replaceAll('To Date', 'Dated To') ?? null);
  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadFile('/reports/journal', query, `journal_${format}_${range.from}_to_${range.to}`);
      messages.success(`Downloaded ${name}`);
    } catch (error) {
      messages.error(error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ReportCard
      title="Journal for Accounting Software"
      description="Approvals, reversals, office payouts, payments returned and other balance moves dated in the range, as balanced journal entries in your package’s import layout, with your accounts from Accounting Settings."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="journal-layout"
          label="Layout"
          select
          value={format}
          onChange={(event) => setFormat(layoutOf(event.target.value))}
          // TextFields are full width (the theme): beside the dates the layout takes 330 px and keeps
          // them, or at 1280 px it took the whole row and squeezed both dates to nothing.
          sx={{ width: { sm: 330 }, flexShrink: 0 }}
        >
          {LAYOUT_CHOICES.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="journal-from"
          label="Dated From"
          type="date"
          value={range.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="journal-to"
          label="Dated To"
          type="date"
          value={range.to}
          onChange={(event) => setRange({ ...range, to: event.target.value })}
          error={rangeError !== null}
          helperText={rangeError ?? undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {parsed.success &&
        (preview.isPending ? (
          <Loading />
        ) : preview.isError ? (
          <ErrorState error={preview.error} onRetry={() => preview.refetch()} />
        ) : (
          // The previous layout's preview stays, dimmed and marked busy, until the chosen one arrives.
          <Box aria-busy={preview.isPlaceholderData} sx={{ opacity: preview.isPlaceholderData ? 0.5 : 1 }}>
            <JournalPreview preview={preview.data} />
          </Box>
        ))}
      <Stack direction="row">
        <Button
          variant="contained"
          startIcon={<DownloadButtonIcon busy={busy} />}
          disabled={!parsed.success || busy || preview.isPlaceholderData || preview.data?.entry_count === 0}
          onClick={download}
        >
          Download {LAYOUT_CHOICES.find((choice) => choice.value === format)?.label.replace(/ \(.*\)$/, '')}
        </Button>
      </Stack>
    </ReportCard>
  );
}
