import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { exchangeRatesContract as api } from '../../../domain/exchange-rates/contract';
import { exchangeRateCount } from '../../../domain/exchange-rates/rates';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { featureKeyOf } from '../../api/contract-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMessages } from '../../shell/messages';
import { importProblems } from './exchange-rate-rows';

interface Chosen {
  name: string;
  csv: string;
  /** Lines after the header that hold something. */
  lines: number;
}

/**
 * A CSV of rates (header month,currency,rate): chosen, confirmed (rates already kept for a month and
 * currency are replaced), sent whole. A refused file keeps nothing; its bad rows are listed here,
 * each by its line in the file, so it is fixed and imported again.
 */
export function ExchangeRateImport() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problems, setProblems] = useState<{ file: string; lines: string[] } | null>(null);
  const upload = useMutation({
    mutationFn: (file: Chosen) => call(api.importExchangeRates, { body: { csv: file.csv } }),
    onSuccess: async () => {
      setProblems(null);
      messages.success(MESSAGES.exchangeRatesImported);
      await queryClient.invalidateQueries({ queryKey: featureKeyOf(api.listExchangeRates) });
    },
    onError: (error, file) => {
      const lines = error instanceof ApiError ? importProblems(error.errors) : [];
      setProblems({ file: file.name, lines: lines.length > 0 ? lines : [error.message] });
      // The rows are listed in place; the message bar says only that the file was refused.
      messages.error('Nothing was imported: fix the lines listed and import the file again.');
    },
    onSettled: () => setChosen(null),
  });
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const csv = await file.text();
    setChosen({ name: file.name, csv, lines: exchangeRateCount(csv) });
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h2">Import from a CSV file</Typography>
        <Typography variant="body2" color="text.secondary">
          A first line naming the columns <code>month,currency,rate</code>, then one rate a line, such as{' '}
          <code>2026-03,KES,129.50</code>: the units of the currency one US dollar buys that month.
        </Typography>
        <input
          ref={input}
          id="exchange-rates-file"
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={choose}
          aria-label="Exchange rates CSV file"
        />
        <Box>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
          >
            {upload.isPending ? 'Importing…' : 'Import CSV'}
          </Button>
        </Box>
        {problems && (
          <Alert severity="error" onClose={() => setProblems(null)}>
            <AlertTitle>Nothing was imported from {problems.file}</AlertTitle>
            Fix these lines and import the whole file again:
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {problems.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        open={chosen !== null}
        title="Import these exchange rates?"
        confirmLabel="Import"
        busy={upload.isPending}
        onClose={() => setChosen(null)}
        onConfirm={() => chosen && upload.mutate(chosen)}
      >
        {chosen &&
          `${chosen.name} holds ${chosen.lines} ${chosen.lines === 1 ? 'rate' : 'rates'}. A rate already kept for the same month and currency is replaced; if any line is wrong, nothing is imported.`}
      </ConfirmDialog>
    </Paper>
  );
}
