import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import {
  type ColumnNeed,
  IGNORED_HEADERS,
  IMPORT_COLUMN_HELP,
  IMPORT_TEMPLATE_FILENAME,
  neededColumnsSentence,
} from '../../../domain/donations/import-help';
import { MATCH_ORDER_TEXT } from '../../../domain/donations/matcher';
import { MESSAGES } from '../../../domain/messages';
import type { ReportFormat } from '../../../domain/reports/schemas';
import { useMessages } from '../../shell/messages';
import { downloadFile } from '../statements/download';

const NEED_TEXT: Record<ColumnNeed, string> = {
  required: 'Required',
  'one of': 'One of Fund, Account #, Missionary',
  optional: 'Optional',
};

/**
 * What file the import wants: which columns it needs, how a row finds its missionary,
 * the template as CSV or Excel (built by the server, which has the Excel writer), and every column
 * with the headers read for it. All of it comes from the domain's tables, as the import reads them.
 */
export function ImportHelp() {
  const messages = useMessages();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ReportFormat | null>(null);

  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const name = await downloadFile('/donation/import-template', { format }, `${IMPORT_TEMPLATE_FILENAME}.${format}`);
      messages.success(`Downloaded ${name}`);
    } catch (error) {
      messages.error((error as Error).message || MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby={`${listId}-title`}>
      <Typography variant="h2" id={`${listId}-title`} sx={{ mb: 1 }}>
        The file to import
      </Typography>
      <Stack spacing={1}>
        <Typography variant="body2">{neededColumnsSentence()}</Typography>
        <Typography variant="body2">{MATCH_ORDER_TEXT}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1, alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void download('csv')}
            disabled={busy !== null}
          >
            CSV template
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void download('xlsx')}
            disabled={busy !== null}
          >
            Excel template
          </Button>
          <Button
            variant="text"
            aria-expanded={open}
            aria-controls={listId}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            onClick={() => setOpen((current) => !current)}
          >
            Columns the import reads
          </Button>
        </Stack>
      </Stack>
      <Collapse in={open} id={listId}>
        <Stack
          component="ul"
          aria-label="Columns the import reads"
          spacing={0}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}
        >
          {IMPORT_COLUMN_HELP.map((entry) => (
            <Box component="li" key={entry.role} sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.label}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({NEED_TEXT[entry.need]})
                </Typography>
              </Typography>
              <Typography variant="body2">{entry.description}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Headers: {entry.headers.join(', ')}
              </Typography>
            </Box>
          ))}
          <Box component="li" sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Known and not used
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Headers: {IGNORED_HEADERS.join(', ')}. Any other header opens the column-mapping step.
            </Typography>
          </Box>
        </Stack>
      </Collapse>
    </Paper>
  );
}
