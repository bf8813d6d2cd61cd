import { Readable } from 'node:stream';
import Fastify, { type FastifyRequest } from 'fastify';
import { readUpTo, registerBodyParsers } from './body';
import type { UploadedFile } from './routes';

const chunks = (...sizes: number[]) => Readable.from(sizes.map((size, index) => Buffer.alloc(size, index + 1)));

describe('readUpTo', () => {
  it.each([
    // [chunk sizes, limit, bytes kept]
    [[4, 4], 10, 8], // under the limit: everything
    [[5, 5], 10, 10], // exactly the limit: everything
    [[4, 4, 4], 10, 11], // one byte past the limit is kept so the caller can tell "too large"
    [[64, 64, 64], 10, 11], // the rest is read and dropped, never held
  ])('chunks %j with limit %i keep %i bytes', async (sizes, limit, kept) => {
    expect((await readUpTo(chunks(...sizes), limit)).length).toBe(kept);
  });

  it('keeps the bytes in order across chunks', async () => {
    expect([...(await readUpTo(chunks(2, 2), 3))]).toEqual([1, 1, 2, 2]);
  });
});

describe('a route with maxFileBytes', () => {
  it('receives at most one byte past its limit, however big the upload', async () => {
    const app = Fastify();
    await registerBodyParsers(app);
    const keptBytes = async (request: FastifyRequest) => ({
      kept: ((request.body as Record<string, unknown>).file as UploadedFile).content.length,
    });
    app.post('/small', { config: { maxFileBytes: 10 } }, keptBytes);
    app.post('/default', keptBytes);
    const boundary = 'sheepfold-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`),
      Buffer.alloc(100_000, 0x42),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const small = await app.inject({ method: 'POST', url: '/small', headers, payload });
    expect(small.json()).toEqual({ kept: 11 });
    const whole = await app.inject({ method: 'POST', url: '/default', headers, payload });
    expect(whole.json()).toEqual({ kept: 100_000 });
    await app.close();
  });
});
