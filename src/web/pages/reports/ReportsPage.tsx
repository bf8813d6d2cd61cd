import { Grid } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { AccountingReportCard } from './AccountingReportCard';
import { FieldWorkerExpensesCard } from './FieldWorkerExpensesCard';
import { JournalExportCard } from './JournalExportCard';
import { useReportDownload } from './use-report-download';

/**
 * /reports (docs/product.md §2.3, §5): the field-worker expense report between two dates and the
 * accounting-package report (and its journal) of one MAT processing date and status, and the journal
 * of a range in an accounting package's import layout, previewed before it downloads. Each Download
 * stays disabled until its dates (and status) are set.
 */
export function ReportsPage() {
  const downloads = useReportDownload();
  return (
    <>
      <PageHeader title="Report Downloads" subtitle="Files for the accounting office: CSV to import, Excel to read." />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FieldWorkerExpensesCard downloads={downloads} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountingReportCard downloads={downloads} />
        </Grid>
        <Grid size={12}>
          <JournalExportCard />
        </Grid>
      </Grid>
    </>
  );
}
