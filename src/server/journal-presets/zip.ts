import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

/**
 * A minimal ZIP writer (PKWARE APPNOTE 6.3: local headers, deflated data, central directory, end
 * record; no ZIP64, so at most 65,535 files under 4 GiB) for the Xero export's parts. Each file is
 * given whole — a part is at most 300 lines. A part is compressed on libuv's thread pool while the
 * caller builds the next one (a year's parts deflated on the main thread took as long as writing
 * them), and written once the part before it is; memory holds two parts.
 */
export class ZipWriter {
  private offset = 0;
  private readonly directory: Buffer[] = [];
  private previous: Promise<void> = Promise.resolve();

  constructor(private readonly write: (chunk: Buffer) => Promise<void>) {}

  /** Starts compressing the file and answers once the one before it is written. */
  async add(name: string, content: Buffer): Promise<void> {
    // Level 3 of zlib's fast strategy: a year's zip of parts measured 9.4 MB against 8.5 MB at the
    // default level 6, in about two thirds of the export's time.
    const data = deflate(content, { level: 3 });
    // Its failure surfaces through `previous` (in the next add or in finish), never unhandled.
    data.catch(() => {});
    const before = this.previous;
    this.previous = before.then(async () => this.writeFile(name, content, await data));
    this.previous.catch(() => {});
    await before;
  }

  private async writeFile(name: string, content: Buffer, data: Buffer): Promise<void> {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(content);
    // DOS time and date of 2000-01-01 00:00: the parts' content, not the moment, defines them.
    const [time, date] = [0, (20 << 9) | (1 << 5) | 1];
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 30); // version needed … name length, then extra length 0
    central.writeUInt32LE(this.offset, 42);
    this.directory.push(central, fileName);
    this.offset += local.length + fileName.length + data.length;
    await this.write(Buffer.concat([local, fileName, data]));
  }

  async finish(): Promise<void> {
    await this.previous;
    const directory = Buffer.concat(this.directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.directory.length / 2, 8);
    end.writeUInt16LE(this.directory.length / 2, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    await this.write(Buffer.concat([directory, end]));
  }
}
