import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { URLENCODED_BODY_LIMIT } from './errors';
import type { UploadedFile } from './routes';

/** Largest request file accepted at all; routes apply their own, smaller limits (receipts: 5 MB). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * JSON, urlencoded and multipart bodies all arrive as one plain object of fields, so one zod
 * schema per request serves every client. Files become UploadedFile values.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: URLENCODED_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        const existing = fields[key];
        fields[key] =
          existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      done(null, fields);
    },
  );
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 500, fieldSize: 1024 * 1024 },
    async onFile(part) {
      const { maxFileBytes = MAX_UPLOAD_BYTES } = this.routeOptions.config;
      const content = await readUpTo(part.file, maxFileBytes);
      const file: UploadedFile = {
        kind: 'file',
        fieldname: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        content,
      };
      part.value = file;
    },
  });
}

/**
 * The file's bytes, but never more than limit + 1 of them in memory: past the limit the rest is
 * read and dropped, so the route still answers (with its own "too large" message) without holding
 * a 50 MB upload for a 5 MB receipt.
 */
export async function readUpTo(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (kept > limit) continue;
    const room = limit + 1 - kept;
    const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
    chunks.push(piece);
    kept += piece.length;
  }
  return Buffer.concat(chunks, kept);
}
