import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Button, type ButtonProps, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../domain/dashboard-messages';
import { useMessages } from '../../shell/messages';
import { downloadFile } from './download';

export function statementPath(distributionId: number): string {
  return `/distribution/${distributionId}/statement.pdf`;
}

/**
 * "Statement": downloads the monthly statement PDF of an approved distribution. For any screen that
 * shows distributions (the distributions list, the distribution form, the dashboard).
 */
export function StatementButton({
  distributionId,
  label = 'Statement',
  accessibleLabel,
  size = 'small',
  variant = 'outlined',
}: {
  distributionId: number;
  label?: string;
  /** Spoken name when several buttons share the visible label, e.g. "Statement for May 2024". */
  accessibleLabel?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const messages = useMessages();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(statementPath(distributionId), { download: 1 }, `statement-${distributionId}.pdf`);
    } catch (error) {
      messages.error((error as Error).message || DASHBOARD_MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant={variant}
      onClick={(event) => {
        // Inside a clickable row or card, the download must not also open the row.
        event.stopPropagation();
        void download();
      }}
      disabled={busy}
      aria-label={accessibleLabel}
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlinedIcon fontSize="small" />}
    >
      {label}
    </Button>
  );
}
