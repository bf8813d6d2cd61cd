import type { FastifyReply } from 'fastify';

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/**
 * Sends a download. The address may carry api_token (docs/product.md §6), so nothing is cached anywhere;
 * the file name is ASCII (the builders make it so) and also given in RFC 5987 form.
 */
export function sendFile(
  reply: FastifyReply,
  file: { content: Buffer; filename: string; type: keyof typeof CONTENT_TYPES; inline?: boolean },
) {
  const disposition = file.inline ? 'inline' : 'attachment';
  return reply
    .header('content-type', CONTENT_TYPES[file.type])
    .header(
      'content-disposition',
      `${disposition}; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store, private')
    .header('content-length', String(file.content.length))
    .send(file.content);
}
