import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { MAX_RECEIPT_BYTES } from '../../domain/expense-reports/files';
import {
  createExpenseSchema,
  createMileageSchema,
  createReportSchema,
  expenseSchema,
  fileUploadSchema,
  mileageSchema,
  processReportSchema,
  requiredId,
  saveReportSchema,
} from '../../domain/expense-reports/schemas';
import { optionalId } from '../../domain/fields';
import { ADMIN, isStaff, MISSIONARY, STAFF } from '../../domain/roles';
import { scopeToViewer } from '../advances/list-advances';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { parseListQuery } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { reportFor } from './access';
import { deleteFile, sendFile, uploadFile } from './file-uploads';
import {
  createExpense,
  createMileage,
  deleteExpense,
  deleteMileage,
  getExpense,
  getMileage,
  updateExpense,
  updateMileage,
} from './items';
import { getFullReport, listReports, paginateReports, REPORT_SORTS } from './list-reports';
import { holdAccountChoices } from './recompute';
import { archiveReport, createReport, deleteReport, processReport, saveReport, submitReport } from './reports';

const idParams = (label: string) => z.object({ id: requiredId(label) });
const reportId = idParams('Expense report id');

/** 0/1 (or true/false) in a query string; absent or blank means "no filter". */
const queryFlag = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : String(value)),
    z
      .enum(['0', '1', 'true', 'false'], { error: `${label} must be 0 or 1.` })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  );

const reportListFilter = z.object({
  submitted: queryFlag('Submitted'),
  processed: queryFlag('Processed'),
  archived: queryFlag('Archived'),
  user_id: optionalId('User'),
});

/** A missionary reads only their own user's lists; staff anyone's. */
function checkUserScope(viewer: AuthUser, userId: number) {
  if (!isStaff(viewer.role) && viewer.id !== userId) throw AppError.forbidden();
}

export function expenseReportRoutes(ctx: AppContext): AnyRoute[] {
  return [
    // Lists
    route({
      method: 'GET',
      url: '/expense-report',
      access: STAFF,
      handler: async () => listReports(ctx.db, {}),
    }),
    route({
      method: 'GET',
      url: '/expense-report/processed/:id',
      access: STAFF,
      handler: async (request) => {
        const { id: flag } = parse(z.object({ id: z.enum(['0', '1'], { error: 'Use 0 or 1.' }) }), request.params);
        return listReports(ctx.db, { submitted: true, processed: flag === '1' });
      },
    }),
    route({
      method: 'GET',
      url: '/expense-report/user/:userId',
      access: 'user',
      handler: async (request) => {
        const { userId } = parse(z.object({ userId: requiredId('User id') }), request.params);
        checkUserScope(request.user, userId);
        return listReports(ctx.db, { userId });
      },
    }),
    route({
      method: 'GET',
      url: '/paginated_expense_report',
      access: 'user',
      handler: async (request) => {
        const query = parseListQuery(request.query, REPORT_SORTS, { limit: 10 });
        const filter = parse(reportListFilter, request.query);
        return paginateReports(ctx.db, query, {
          submitted: filter.submitted,
          processed: filter.processed,
          archived: filter.archived,
          userId: scopeToViewer(request.user, filter.user_id),
        });
      },
    }),
    // One report
    route({
      method: 'GET',
      url: '/expense-report/:id',
      access: 'user',
      handler: async (request) => {
        const { id } = parse(reportId, request.params);
        await reportFor(ctx.db, id, 'view', request.user);
        return getFullReport(ctx.db, id);
      },
    }),
    route({
      method: 'POST',
      url: '/expense-report',
      access: MISSIONARY,
      handler: async (request, reply) => {
        const input = parse(createReportSchema, request.body);
        reply.code(201);
        return createReport(ctx, request.user, input);
      },
    }),
    route({
      method: 'PATCH',
      url: '/save/expense-report/:id',
      access: 'user',
      handler: async (request) =>
        saveReport(ctx, request.user, parse(reportId, request.params).id, parse(saveReportSchema, request.body)),
    }),
    route({
      method: 'PATCH',
      url: '/submit/expense-report/:id',
      access: 'user',
      handler: async (request) => submitReport(ctx, request.user, parse(reportId, request.params).id),
    }),
    route({
      method: 'PATCH',
      url: '/process-expense-report/:id',
      access: ADMIN,
      handler: async (request) =>
        processReport(ctx, request.user, parse(reportId, request.params).id, parse(processReportSchema, request.body)),
    }),
    route({
      method: 'DELETE',
      url: '/expense-report/unsubmitted/:id',
      access: 'user',
      handler: async (request) =>
        deleteReport(ctx, request.user, parse(reportId, request.params).id, 'delete_unsubmitted'),
    }),
    route({
      method: 'DELETE',
      url: '/expense-report/:id',
      access: ADMIN,
      handler: async (request) => deleteReport(ctx, request.user, parse(reportId, request.params).id, 'delete'),
    }),
    // Archive of a processed report, the counterpart of DELETE /advance-request/closed/{id}.
    route({
      method: 'DELETE',
      url: '/expense-report/processed/:id',
      access: ADMIN,
      handler: async (request) => archiveReport(ctx, request.user, parse(reportId, request.params).id),
    }),
    // Expenses
    route({
      method: 'POST',
      url: '/expense',
      access: 'user',
      handler: async (request, reply) => {
        const input = parse(createExpenseSchema, request.body);
        reply.code(201);
        return createExpense(ctx, request.user, input);
      },
    }),
    route({
      method: 'GET',
      url: '/expense/:id',
      access: 'user',
      handler: async (request) => getExpense(ctx, request.user, parse(idParams('Expense id'), request.params).id),
    }),
    route({
      method: 'PATCH',
      url: '/expense/:id',
      access: 'user',
      handler: async (request) =>
        updateExpense(
          ctx,
          request.user,
          parse(idParams('Expense id'), request.params).id,
          parse(expenseSchema, request.body),
        ),
    }),
    route({
      method: 'DELETE',
      url: '/expense/:id',
      access: 'user',
      handler: async (request) => deleteExpense(ctx, request.user, parse(idParams('Expense id'), request.params).id),
    }),
    // Mileage
    route({
      method: 'POST',
      url: '/mileage',
      access: 'user',
      handler: async (request, reply) => {
        const input = parse(createMileageSchema, request.body);
        reply.code(201);
        return createMileage(ctx, request.user, input);
      },
    }),
    route({
      method: 'GET',
      url: '/mileage/:id',
      access: 'user',
      handler: async (request) => getMileage(ctx, request.user, parse(idParams('Mileage id'), request.params).id),
    }),
    route({
      method: 'PATCH',
      url: '/mileage/:id',
      access: 'user',
      handler: async (request) =>
        updateMileage(
          ctx,
          request.user,
          parse(idParams('Mileage id'), request.params).id,
          parse(mileageSchema, request.body),
        ),
    }),
    route({
      method: 'DELETE',
      url: '/mileage/:id',
      access: 'user',
      handler: async (request) => deleteMileage(ctx, request.user, parse(idParams('Mileage id'), request.params).id),
    }),
    // Receipts
    route({
      method: 'POST',
      url: '/fileUpload',
      access: 'user',
      maxFileBytes: MAX_RECEIPT_BYTES,
      handler: async (request, reply) => {
        const { expense_report_id } = parse(fileUploadSchema, request.body);
        const file = await uploadFile(ctx, request.user, expense_report_id, request.body.file);
        reply.code(201);
        return file;
      },
    }),
    route({
      method: 'GET',
      url: '/fileUpload/:id',
      access: 'user',
      handler: async (request, reply) =>
        sendFile(ctx, request.user, parse(idParams('File id'), request.params).id, reply),
    }),
    route({
      method: 'DELETE',
      url: '/fileUpload/:id',
      access: 'user',
      handler: async (request) => deleteFile(ctx, request.user, parse(idParams('File id'), request.params).id),
    }),
    // The hold accounts an expense or advance of this user may name (their own, active ones).
    route({
      method: 'GET',
      url: '/user/:id/hold-accounts',
      access: 'user',
      handler: async (request) => {
        const { id } = parse(idParams('User id'), request.params);
        checkUserScope(request.user, id);
        return holdAccountChoices(ctx.db, id);
      },
    }),
  ];
}
