import type { Readable, Writable } from 'node:stream';

/**
 * Just enough of the tar format (POSIX ustar, GNU long names) for backups: regular files written
 * one after another and read back as a stream, so a backup of any size never sits in memory whole.
 * `tar tzf backup.tar.gz` lists what a backup holds.
 */
const BLOCK = 512;

function header(name: string, size: number, type: '0' | 'L', mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, 'utf8');
  // 0600: `tar xzf` of a backup makes files only their owner reads (docs/security.md "File modes").
  block.write('0000600\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar  \0', 257, 'ascii'); // GNU magic: readers then accept the 'L' long-name entries
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** One file; `content` is a buffer or a stream of exactly `size` bytes. */
  async add(name: string, size: number, content: Buffer | Readable, mtime = new Date()): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    if (nameBytes.length > 100) {
      const longName = Buffer.concat([nameBytes, Buffer.from([0])]);
      await write(this.out, header('././@LongLink', longName.length, 'L', mtime));
      await write(this.out, Buffer.concat([longName, padding(longName.length)]));
    }
    await write(this.out, header(name, size, '0', mtime));
    let written = 0;
    if (Buffer.isBuffer(content)) {
      await write(this.out, content);
      written = content.length;
    } else {
      for await (const chunk of content as AsyncIterable<Buffer>) {
        await write(this.out, chunk);
        written += chunk.length;
      }
    }
    if (written !== size) throw new Error(`${name} changed while it was being backed up (${written} of ${size} bytes)`);
    await write(this.out, padding(size));
  }

  /** The two empty blocks that end an archive; the caller ends the stream. */
  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
  }
}

export interface TarEntry {
  name: string;
  content: Buffer;
}

/**
 * The regular files of a tar stream, one at a time. Each file's bytes are gathered into one buffer
 * (a receipt is at most a few MB; the database dump is needed whole by PGlite anyway).
 */
export async function* readTar(input: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  // Unconsumed input as a list of pieces, joined once per request (not once per input chunk).
  let pieces: Buffer[] = [];
  let pendingBytes = 0;
  let longName: string | null = null;
  const iterator = input[Symbol.asyncIterator]();
  async function take(size: number): Promise<Buffer | null> {
    while (pendingBytes < size) {
      const next = await iterator.next();
      if (next.done) return null;
      pieces.push(next.value);
      pendingBytes += next.value.length;
    }
    const joined = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, pendingBytes);
    const rest = joined.subarray(size);
    pieces = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    return joined.subarray(0, size);
  }
  for (;;) {
    const block = await take(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    const field = (start: number, length: number) =>
      block
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const prefix = field(257, 6).startsWith('ustar\0') ? field(345, 155) : '';
    const body = await take(size + padding(size).length);
    if (!body) throw new Error('The backup file is cut short.');
    const content = Buffer.from(body.subarray(0, size));
    if (type === 'L') {
      longName = content.toString('utf8').replace(/\0+$/, '');
      continue;
    }
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = null;
    if (type === '0') yield { name, content };
  }
}
