import AddIcon from '@mui/icons-material/Add';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { UNKNOWN_CURRENCY } from '../../../domain/currencies';
import { DISTANCE_LABELS, DISTANCE_TYPES, type DistanceType } from '../../../domain/expense-reports/calculations';
import { MAX_RECEIPT_BYTES } from '../../../domain/expense-reports/files';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { date, money } from '../../format';
import { useMessages } from '../../shell/messages';
import { ExpenseDialog } from './ExpenseDialog';
import { ItemMenu } from './ItemMenu';
import { ItemTable } from './ItemTable';
import { MileageDialog } from './MileageDialog';
import { REPORTS_KEY, useFileObjectUrl } from './queries';
import type { Expense, FileUpload, FullReport, Mileage } from './types';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={id} variant="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

type Deleting =
  | { kind: 'expense'; item: Expense }
  | { kind: 'mileage'; item: Mileage }
  | { kind: 'file'; item: FileUpload };

function useDeleteItem(onDone: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: Deleting) =>
      api.delete(
        target.kind === 'expense'
          ? `/expense/${target.item.id}`
          : target.kind === 'mileage'
            ? `/mileage/${target.item.id}`
            : `/fileUpload/${target.item.id}`,
      ),
    onSuccess: async (_result, target) => {
      messages.success(
        target.kind === 'expense'
          ? MESSAGES.expenseDeleted
          : target.kind === 'mileage'
            ? MESSAGES.mileageDeleted
            : MESSAGES.fileDeleted,
      );
      await queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] });
    },
    onError: (error, target) =>
      messages.error(target.kind === 'file' ? MESSAGES.fileDeleteFailed : error.message || MESSAGES.somethingWentWrong),
    onSettled: onDone,
  });
}

/** Expenses, mileage trips and receipts of a report; `editable` false hides every add, edit and delete. */
export function ReportSections({ report, editable }: { report: FullReport; editable: boolean }) {
  const [expenseDialog, setExpenseDialog] = useState<Expense | 'new' | null>(null);
  const [mileageDialog, setMileageDialog] = useState<Mileage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const remove = useDeleteItem(() => setDeleting(null));

  return (
    <Stack spacing={2}>
      <ExpensesSection
        report={report}
        editable={editable}
        onAdd={() => setExpenseDialog('new')}
        onEdit={setExpenseDialog}
        onDelete={(item) => setDeleting({ kind: 'expense', item })}
      />
      <MileageSection
        report={report}
        editable={editable}
        onAdd={() => setMileageDialog('new')}
        onEdit={setMileageDialog}
        onDelete={(item) => setDeleting({ kind: 'mileage', item })}
      />
      <ReceiptsSection report={report} editable={editable} onDelete={(item) => setDeleting({ kind: 'file', item })} />
      {expenseDialog && (
        <ExpenseDialog
          report={report}
          expense={expenseDialog === 'new' ? null : expenseDialog}
          onClose={() => setExpenseDialog(null)}
        />
      )}
      {mileageDialog && (
        <MileageDialog
          report={report}
          trip={mileageDialog === 'new' ? null : mileageDialog}
          onClose={() => setMileageDialog(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.kind === 'file'
            ? 'Delete receipt?'
            : deleting?.kind === 'mileage'
              ? 'Delete trip?'
              : 'Delete expense?'
        }
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting?.kind === 'file'
          ? `“${deleting.item.filename}” will be removed from this report.`
          : deleting?.kind === 'mileage'
            ? `The trip of ${date(deleting.item.date)} (${money(deleting.item.total_cost)}) will be removed.`
            : deleting
              ? `The expense of ${date(deleting.item.date)} (${money(deleting.item.usd_amount)}) will be removed.`
              : ''}
      </ConfirmDialog>
    </Stack>
  );
}

function ExpensesSection(props: {
  report: FullReport;
  editable: boolean;
  onAdd(): void;
  onEdit(item: Expense): void;
  onDelete(item: Expense): void;
}) {
  const { report, editable } = props;
  const total = report.expense.reduce((cents, item) => cents + Math.round(item.usd_amount * 100), 0);
  return (
    <Section
      title="Expenses"
      action={
        editable && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={props.onAdd}>
            Add Expense
          </Button>
        )
      }
    >
      <ItemTable<Expense>
        caption="Expenses"
        rows={report.expense}
        empty={editable ? 'No expenses yet. Add what you spent, in the currency you paid in.' : 'No expenses.'}
        columns={[
          { label: 'Date', render: (item) => date(item.date) },
          {
            label: 'Category',
            render: (item) => (
              <>
                {item.category?.expense_category ?? '—'}
                {item.description && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {item.description}
                  </Typography>
                )}
              </>
            ),
          },
          {
            label: 'Amount',
            align: 'right',
            // Decision 22: the code beside the amount and the rate, so a rate can be checked against the receipt.
            render: (item) =>
              `${item.currency ?? UNKNOWN_CURRENCY} ${item.field_currency.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
          },
          {
            label: 'Rate',
            align: 'right',
            render: (item) =>
              item.currency === 'USD' ? '1' : `${item.exchange_rate} ${item.currency ?? UNKNOWN_CURRENCY}/USD`,
          },
          { label: 'USD', align: 'right', render: (item) => money(item.usd_amount) },
          { label: 'Hold account', render: (item) => item.hold_account?.fund_name ?? '—' },
        ]}
        actions={
          editable
            ? (item) => (
                <ItemMenu
                  label={`expense of ${date(item.date)}, ${money(item.usd_amount)}`}
                  onEdit={() => props.onEdit(item)}
                  onDelete={() => props.onDelete(item)}
                />
              )
            : undefined
        }
      />
      {report.expense.length > 0 && (
        <Typography sx={{ mt: 1, textAlign: 'right', fontWeight: 600 }}>Expenses: {money(total / 100)}</Typography>
      )}
    </Section>
  );
}

function DistanceTypeField({ report, editable }: { report: FullReport; editable: boolean }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (distanceType: DistanceType) =>
      api.patchForm<FullReport>(`/save/expense-report/${report.id}`, { distance_type: distanceType }),
    onSuccess: (saved) => {
      queryClient.setQueryData([REPORTS_KEY, 'one', String(report.id)], saved);
      queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] });
      messages.success(MESSAGES.reportSaved);
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
  });
  if (!editable) {
    return (
      <Typography color="text.secondary">
        Distance type: <strong>{DISTANCE_LABELS[report.distance_type]}</strong>
      </Typography>
    );
  }
  return (
    <TextField
      select
      id="distance_type"
      label="Distance type"
      value={report.distance_type}
      disabled={save.isPending}
      onChange={(event) => save.mutate(event.target.value as DistanceType)}
      error={save.isError}
      helperText={save.isError ? save.error.message : 'Saved as soon as you change it'}
      sx={{ minWidth: 200, maxWidth: { sm: 240 } }}
    >
      {DISTANCE_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {DISTANCE_LABELS[type]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The red "Must Select A Distance Type…" toast goes once a type is chosen (issue 16). */
function DismissWhenChosen({ distanceType }: { distanceType: FullReport['distance_type'] }) {
  const messages = useMessages();
  useEffect(() => {
    if (distanceType !== 'none') messages.dismiss(MESSAGES.distanceTypeRequired);
  }, [distanceType, messages]);
  return null;
}

function MileageSection(props: {
  report: FullReport;
  editable: boolean;
  onAdd(): void;
  onEdit(item: Mileage): void;
  onDelete(item: Mileage): void;
}) {
  const { report, editable } = props;
  const messages = useMessages();
  const [needsType, setNeedsType] = useState(false);
  const unit = report.distance_type === 'none' ? '' : report.distance_type;
  return (
    <Section
      title="Mileage"
      action={
        editable && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => {
              if (report.distance_type === 'none') {
                setNeedsType(true);
                messages.error(MESSAGES.distanceTypeRequired);
                return;
              }
              setNeedsType(false);
              props.onAdd();
            }}
          >
            Add Mileage
          </Button>
        )
      }
    >
      <Stack spacing={1.5}>
        <DistanceTypeField report={report} editable={editable} />
        <DismissWhenChosen distanceType={report.distance_type} />
        {needsType && report.distance_type === 'none' && (
          <Alert severity="error">{MESSAGES.distanceTypeRequired}</Alert>
        )}
        <ItemTable<Mileage>
          caption="Mileage"
          rows={report.mileage}
          empty={editable ? 'No trips yet. Choose a distance type, then add your trips.' : 'No mileage.'}
          columns={[
            { label: 'Date', render: (trip) => date(trip.date) },
            { label: 'Type', render: (trip) => trip.category?.expense_category ?? '—' },
            {
              label: 'Odometer',
              render: (trip) => (trip.odometer_start === null ? '—' : `${trip.odometer_start} – ${trip.odometer_end}`),
            },
            { label: 'Distance', align: 'right', render: (trip) => `${trip.total_distance} ${unit}` },
            { label: 'Miles', align: 'right', render: (trip) => (trip.miles === null ? '—' : String(trip.miles)) },
            { label: 'Cost', align: 'right', render: (trip) => money(trip.total_cost) },
          ]}
          actions={
            editable
              ? (trip) => (
                  <ItemMenu
                    label={`trip of ${date(trip.date)}, ${money(trip.total_cost)}`}
                    onEdit={() => props.onEdit(trip)}
                    onDelete={() => props.onDelete(trip)}
                  />
                )
              : undefined
          }
        />
        {report.mileage.length > 0 && (
          <Typography sx={{ textAlign: 'right', fontWeight: 600 }}>
            Mileage: {money(report.mileage.reduce((cents, trip) => cents + Math.round(trip.total_cost * 100), 0) / 100)}
          </Typography>
        )}
      </Stack>
    </Section>
  );
}

function ReceiptsSection({
  report,
  editable,
  onDelete,
}: {
  report: FullReport;
  editable: boolean;
  onDelete(item: FileUpload): void;
}) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<FileUpload | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => api.postForm<FileUpload>('/fileUpload', { file, expense_report_id: report.id }),
    onSuccess: async () => {
      setProblem(null);
      messages.success(MESSAGES.fileUploaded);
      await queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] });
    },
    onError: (error) => {
      setProblem(error.message || MESSAGES.somethingWentWrong);
      messages.error(error.message || MESSAGES.somethingWentWrong);
    },
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_RECEIPT_BYTES) {
      setProblem(MESSAGES.fileTooLarge);
      messages.error(MESSAGES.fileTooLarge);
      return;
    }
    upload.mutate(file);
  };
  return (
    <Section
      title="Receipts"
      action={
        editable && (
          <>
            <input
              ref={input}
              id="receipt-file"
              type="file"
              accept="image/*,application/pdf"
              hidden
              onChange={choose}
              aria-label="Receipt file"
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
            >
              {upload.isPending ? 'Uploading…' : 'Upload Receipt'}
            </Button>
          </>
        )
      }
    >
      {problem && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {report.file_upload.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {editable ? 'No receipts yet. Upload a photo or a PDF (5 MB at most).' : 'No receipts.'}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Receipts"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
          }}
        >
          {report.file_upload.map((file) => (
            <Card key={file.id} variant="outlined" component="li">
              <CardActionArea onClick={() => setPreviewing(file)} aria-label={`Preview ${file.filename}`}>
                <ReceiptThumbnail file={file} />
                <CardContent sx={{ p: 1 }}>
                  <Typography variant="body2" noWrap title={file.filename}>
                    {file.filename}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {Math.max(1, Math.round(file.size_bytes / 1024))} KB
                  </Typography>
                </CardContent>
              </CardActionArea>
              {editable && (
                <CardActions sx={{ pt: 0 }}>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onDelete(file)}
                    aria-label={`Delete ${file.filename}`}
                  >
                    Delete
                  </Button>
                </CardActions>
              )}
            </Card>
          ))}
        </Box>
      )}
      {previewing && <ReceiptPreview file={previewing} onClose={() => setPreviewing(null)} />}
    </Section>
  );
}

const previewable = (file: FileUpload) => file.content_type.startsWith('image/') && file.content_type !== 'image/heic';

function ReceiptThumbnail({ file }: { file: FileUpload }) {
  const image = previewable(file);
  const { url } = useFileObjectUrl(image ? file.file_url : null);
  return (
    <Box
      sx={{
        height: 120,
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {image && url ? (
        <Box component="img" src={url} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Stack sx={{ alignItems: 'center' }}>
          <DescriptionOutlinedIcon color="action" fontSize="large" />
          <Typography variant="caption" color="text.secondary">
            {file.content_type === 'application/pdf' ? 'PDF' : 'Image'}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

function ReceiptPreview({ file, onClose }: { file: FileUpload; onClose(): void }) {
  const { url, isError, error } = useFileObjectUrl(file.file_url);
  const isPdf = file.content_type === 'application/pdf';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="receipt-preview-title">
      <DialogTitle id="receipt-preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {file.filename}
      </DialogTitle>
      <DialogContent>
        {isError ? (
          <ErrorState error={error} />
        ) : !url ? (
          <Loading label="Loading receipt" />
        ) : isPdf ? (
          <Box
            component="iframe"
            src={url}
            title={file.filename}
            sx={{ width: '100%', height: '70vh', border: 0, bgcolor: 'action.hover' }}
          />
        ) : previewable(file) ? (
          <Box
            component="img"
            src={url}
            alt={`Receipt ${file.filename}`}
            sx={{ maxWidth: '100%', display: 'block', mx: 'auto' }}
          />
        ) : (
          <Typography>This photo format cannot be shown here. Download it to view it.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        {url && (
          <Button component="a" href={url} download={file.filename}>
            Download
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
