import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { type ReportFormat, reportFilename } from '../../../domain/reports/schemas';
import { useMessages } from '../../shell/messages';
import { downloadFile } from '../statements/download';

export type ReportName = 'field-worker-expenses' | 'accounting' | 'accounting-journal';

/**
 * The page's downloads: one at a time (every Download waits while one runs), the file's name or the
 * server's refusal in the message bar; `onFailed` lets the form put the refusal under its field.
 */
export function useReportDownload() {
  const messages = useMessages();
  const [busy, setBusy] = useState<ReportName | null>(null);
  const download = async (
    report: ReportName,
    query: Record<string, string>,
    format: ReportFormat,
    onFailed?: (error: unknown) => void,
  ) => {
    setBusy(report);
    try {
      const name = await downloadFile(`/reports/${report}`, query, reportFilename(report, query, format));
      messages.success(`Downloaded ${name}`);
    } catch (error) {
      onFailed?.(error);
      messages.error((error as Error).message || MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

export type ReportDownload = ReturnType<typeof useReportDownload>;
