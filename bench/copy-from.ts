import type pg from 'pg';

/**
 * `COPY … FROM STDIN` through node-postgres without pg-copy-streams: a submittable query that
 * answers the server's CopyInResponse with the data in 64 KiB CopyData messages.
 */
class CopyFrom {
  private readonly chunks: Buffer[];
  private error: Error | null = null;
  private rowCount = 0;
  private resolve!: (rows: number) => void;
  private reject!: (error: Error) => void;
  readonly done: Promise<number>;

  constructor(
    private readonly text: string,
    data: Buffer,
  ) {
    this.chunks = [];
    for (let start = 0; start < data.length; start += 65_536) this.chunks.push(data.subarray(start, start + 65_536));
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: { query(text: string): void }) {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }) {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text: string }) {
    this.rowCount = Number(/COPY (\d+)/.exec(message.text)?.[1] ?? 0);
  }

  handleError(error: Error) {
    this.error = error;
  }

  handleReadyForQuery() {
    if (this.error) this.reject(this.error);
    else this.resolve(this.rowCount);
  }

  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}

export async function copyFrom(client: pg.Client, text: string, data: Buffer): Promise<number> {
  const copy = new CopyFrom(text, data);
  client.query(copy as unknown as pg.QueryConfig);
  return copy.done;
}
