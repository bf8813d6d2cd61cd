import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { yearEndContract } from '../../../domain/year-end/contract';
import { yearEndFilename, yearEndSummaryFilename } from '../../../domain/year-end/table';
import { call } from '../../api/call';
import { useMessages } from '../../shell/messages';
import { saveBlob } from '../statements/download';

/**
 * The Year End screen's files: the report as CSV or Excel and a person's PDF summary. One at a time
 * (every download button waits while one runs); the file's name or the server's refusal in the
 * message bar. `busy` names the running one: 'csv', 'xlsx' or 'pdf-<user id>'.
 */
export function useYearEndDownload() {
  const messages = useMessages();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, fetchFile: () => Promise<Blob>, name: string) => {
    setBusy(key);
    try {
      saveBlob(await fetchFile(), name);
      messages.success(`Downloaded ${name}`);
    } catch (error) {
      messages.error(error instanceof Error && error.message ? error.message : MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  };
  return {
    busy,
    report: (year: number, format: 'csv' | 'xlsx') =>
      run(
        format,
        () => call(yearEndContract.yearEndReport, { query: { year, format } }),
        yearEndFilename(year, format),
      ),
    summary: (year: number, userId: number) =>
      run(
        `pdf-${userId}`,
        () => call(yearEndContract.yearEndPdf, { query: { year, user_id: userId } }),
        yearEndSummaryFilename(year, userId),
      ),
  };
}

export type YearEndDownload = ReturnType<typeof useYearEndDownload>;
