import { AppError } from '../../domain/errors';
import { expenseReportsContract as api } from '../../domain/expense-reports/contract';
import { MAX_RECEIPT_BYTES } from '../../domain/expense-reports/files';
import { ADMIN, isStaff, MISSIONARY, STAFF } from '../../domain/roles';
import { scopeToViewer } from '../advances/list-advances';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { listQueryOf, sendBoundedList } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { reportFor } from './access';
import { deleteFile, sendFile, uploadFile, uploadFingerprint } from './file-uploads';
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
import { getFullReport, listReports, paginateReports } from './list-reports';
import { holdAccountChoices } from './recompute';
import { archiveReport, createReport, deleteReport, processReport, saveReport, submitReport } from './reports';
import { returnReport } from './return-report';

/** A missionary reads only their own user's lists; staff anyone's. */
function checkUserScope(viewer: AuthUser, userId: number) {
  if (!isStaff(viewer.role) && viewer.id !== userId) throw AppError.forbidden();
}

export function expenseReportRoutes(ctx: AppContext): AnyRoute[] {
  return [
    // Lists
    route(api.listReports, {
      access: STAFF,
      handler: async (_request, reply) => sendBoundedList(reply, await listReports(ctx.db, {})),
    }),
    route(api.listReportsByProcessed, {
      access: STAFF,
      handler: async (request, reply) =>
        sendBoundedList(reply, await listReports(ctx.db, { submitted: true, processed: request.params.id === '1' })),
    }),
    route(api.listUserReports, {
      access: 'user',
      serviceDenies: MISSIONARY, // only their own user id
      handler: async (request, reply) => {
        checkUserScope(request.user, request.params.userId);
        return sendBoundedList(reply, await listReports(ctx.db, { userId: request.params.userId }));
      },
    }),
    route(api.paginateReports, {
      access: 'user',
      handler: async ({ user, query }) =>
        paginateReports(ctx.db, listQueryOf(query), {
          submitted: query.submitted,
          processed: query.processed,
          archived: query.archived,
          userId: scopeToViewer(user, query.user_id),
        }),
    }),
    // One report
    route(api.getReport, {
      access: 'user',
      handler: async (request) => {
        await reportFor(ctx.db, request.params.id, 'view', request.user);
        return getFullReport(ctx.db, request.params.id);
      },
    }),
    route(api.createReport, {
      access: MISSIONARY,
      handler: async (request, reply) => {
        const idempotency = idempotencyKeyOf(request.raw.headers['idempotency-key'], 'expense-report', request.body);
        reply.code(201);
        return createReport(ctx, request.user, request.body, idempotency);
      },
    }),
    route(api.saveReport, {
      access: 'user',
      handler: async (request) => saveReport(ctx, request.user, request.params.id, request.body),
    }),
    route(api.submitReport, {
      access: 'user',
      handler: async (request) => submitReport(ctx, request.user, request.params.id),
    }),
    route(api.processReport, {
      access: ADMIN,
      handler: async (request) => processReport(ctx, request.user, request.params.id, request.body),
    }),
    // Decision 20: send a submitted report back to its missionary with a comment.
    route(api.returnReport, {
      access: STAFF,
      handler: async (request) => returnReport(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteUnsubmittedReport, {
      access: 'user',
      handler: async (request) => deleteReport(ctx, request.user, request.params.id, 'delete_unsubmitted'),
    }),
    route(api.deleteReport, {
      access: ADMIN,
      handler: async (request) => deleteReport(ctx, request.user, request.params.id, 'delete'),
    }),
    // Archive of a processed report, the counterpart of DELETE /advance-request/closed/{id}.
    route(api.archiveReport, {
      access: ADMIN,
      handler: async (request) => archiveReport(ctx, request.user, request.params.id),
    }),
    // Expenses
    route(api.createExpense, {
      access: 'user',
      handler: async (request, reply) => {
        const idempotency = idempotencyKeyOf(request.raw.headers['idempotency-key'], 'expense', request.body);
        reply.code(201);
        return createExpense(ctx, request.user, request.body, idempotency);
      },
    }),
    route(api.getExpense, {
      access: 'user',
      handler: async (request) => getExpense(ctx, request.user, request.params.id),
    }),
    route(api.updateExpense, {
      access: 'user',
      handler: async (request) => updateExpense(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteExpense, {
      access: 'user',
      handler: async (request) => deleteExpense(ctx, request.user, request.params.id),
    }),
    // Mileage
    route(api.createMileage, {
      access: 'user',
      handler: async (request, reply) => {
        const idempotency = idempotencyKeyOf(request.raw.headers['idempotency-key'], 'mileage', request.body);
        reply.code(201);
        return createMileage(ctx, request.user, request.body, idempotency);
      },
    }),
    route(api.getMileage, {
      access: 'user',
      handler: async (request) => getMileage(ctx, request.user, request.params.id),
    }),
    route(api.updateMileage, {
      access: 'user',
      handler: async (request) => updateMileage(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteMileage, {
      access: 'user',
      handler: async (request) => deleteMileage(ctx, request.user, request.params.id),
    }),
    // Receipts
    route(api.uploadReceipt, {
      access: 'user',
      maxFileBytes: MAX_RECEIPT_BYTES,
      handler: async (request, reply) => {
        const { expense_report_id, file: upload } = request.body;
        const idempotency = idempotencyKeyOf(request.raw.headers['idempotency-key'], 'fileUpload', {
          expense_report_id,
          file: uploadFingerprint(upload),
        });
        const file = await uploadFile(ctx, request.user, expense_report_id, upload, idempotency);
        reply.code(201);
        return file;
      },
    }),
    route(api.getReceipt, {
      access: 'user',
      handler: async (request, reply) => sendFile(ctx, request.user, request.params.id, reply),
    }),
    route(api.deleteReceipt, {
      access: 'user',
      handler: async (request) => deleteFile(ctx, request.user, request.params.id),
    }),
    // The hold accounts an expense or advance of this user may name (their own, active ones).
    route(api.holdAccountChoices, {
      access: 'user',
      serviceDenies: MISSIONARY, // only their own user id
      handler: async (request) => {
        checkUserScope(request.user, request.params.id);
        return holdAccountChoices(ctx.db, request.params.id);
      },
    }),
  ];
}
