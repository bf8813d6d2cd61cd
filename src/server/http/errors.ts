import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorBody } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';

/** Every failure leaves as `{message, errors?}` with DESIGN.md's status codes. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = toResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    return reply.status(status).send(body);
  });
}

function toResponse(error: FastifyError | AppError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    };
  }
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: MESSAGES.fileTooLarge, errors: { file: [MESSAGES.fileTooLarge] } } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: 'That content type is not accepted.' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { message: 'The request body is not valid JSON.' } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { message: error.message } };
  }
  return { status: 500, body: { message: MESSAGES.somethingWentWrong } };
}
