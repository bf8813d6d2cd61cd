import type { FastifyRequest } from 'fastify';
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
import { recordPayoutPaid } from './payout-paid';
import { holdAccountChoices } from './recompute';
import { archiveReport, createReport, deleteReport, processReport, saveReport, submitReport } from './reports';
import { returnReport } from './return-report';

/** The Idempotency-Key of a create (a phone offline retries it; http/idempotency.ts). */
function idempotencyOf(request: { raw: FastifyRequest }, route: string, body: unknown) {
  return idempotencyKeyOf(request.raw.headers['idempotency-key'], route, body);
}

/** A missionary reads only their own user's lists; staff anyone's. */
function checkUserScope(viewer: AuthUser, userId: number) {
  if (!isStaff(viewer.role) && viewer.id !== userId) throw AppError.forbidden();
}

/** The expense-report endpoints: the lists, one report's life, its expenses and mileage, its receipts. */
export function expenseReportRoutes(ctx: AppContext): AnyRoute[] {
  return [...listRoutes(ctx), ...reportRoutes(ctx), ...itemRoutes(ctx), ...receiptRoutes(ctx)];
}

function listRoutes(ctx: AppContext): AnyRoute[] {
  return [
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

/** One report: read, create, save, submit, process, return, delete, archive. */
function reportRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.getReport, {
      access: 'user',
      handler: async (request) => {
        await reportFor(ctx.db, request.params.id, 'view', request.user);
        return getFullReport(ctx.db, request.params.id);
      },
    }),
    route(api.createReport, {
      idempotency: 'service',
      access: MISSIONARY,
      handler: async (request) =>
        createReport(ctx, request.user, request.body, idempotencyOf(request, 'expense-report', request.body)),
    }),
    route(api.saveReport, {
      access: 'user',
      handler: async (request) => saveReport(ctx, request.user, request.params.id, request.body),
    }),
    route(api.submitReport, {
      access: 'user',
      handler: async (request) => submitReport(ctx, request.user, request.params.id, request.body),
    }),
    route(api.processReport, {
      access: ADMIN,
      handler: async (request) => processReport(ctx, request.user, request.params.id, request.body),
    }),
    route(api.recordPayoutPaid, {
      access: ADMIN,
      handler: async (request) => recordPayoutPaid(ctx, request.user, request.params.id, request.body),
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
  ];
}

/** The items of a report: expenses and mileage. */
function itemRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.createExpense, {
      idempotency: 'service',
      access: 'user',
      handler: async (request) =>
        createExpense(ctx, request.user, request.body, idempotencyOf(request, 'expense', request.body)),
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
    route(api.createMileage, {
      idempotency: 'service',
      access: 'user',
      handler: async (request) =>
        createMileage(ctx, request.user, request.body, idempotencyOf(request, 'mileage', request.body)),
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
  ];
}

function receiptRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.uploadReceipt, {
      idempotency: 'service',
      access: 'user',
      maxFileBytes: MAX_RECEIPT_BYTES,
      handler: async (request) => {
        const { expense_report_id, file: upload } = request.body;
        const fingerprint = { expense_report_id, file: uploadFingerprint(upload) };
        return uploadFile(
          ctx,
          request.user,
          expense_report_id,
          upload,
          idempotencyOf(request, 'fileUpload', fingerprint),
        );
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
  ];
}
