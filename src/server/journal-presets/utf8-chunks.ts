/** What a chunk is sent at: big enough to keep the socket busy, small enough to hold many of. */
const CHUNK_BYTES = 65_536;

/**
 * Text encoded as UTF-8 straight into a buffer, record by record, and taken as one chunk when it
 * holds about 64 KiB. Concatenating the records into a string and encoding the chunk at the end
 * cost as much again as writing the records: the journal's memos hold dashes beyond Latin-1, so
 * the joined string is two bytes a character and had to be flattened, then encoded.
 */
export class Utf8Chunks {
  private buffer = Buffer.allocUnsafe(2 * CHUNK_BYTES);
  private used = 0;

  /** Appends the text (any length: a record longer than the room left gets a bigger buffer). */
  write(text: string): void {
    // A UTF-16 code unit never takes more than 3 bytes in UTF-8 (a surrogate pair, 2 units, takes 4).
    const room = 3 * text.length;
    if (this.used + room > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(2 * CHUNK_BYTES, this.used + room));
      this.buffer.copy(bigger, 0, 0, this.used);
      this.buffer = bigger;
    }
    this.used += this.buffer.write(text, this.used, 'utf8');
  }

  /** Whether a chunk's worth is waiting. */
  get full(): boolean {
    return this.used >= CHUNK_BYTES;
  }

  get empty(): boolean {
    return this.used === 0;
  }

  /**
   * The bytes written so far, copied into a buffer of their size; the writer keeps its buffer and
   * starts it again. For a chunk of a few KiB kept a while (a Xero part being deflated), rather than
   * a 128 KiB buffer per part.
   */
  copy(): Buffer {
    const chunk = Buffer.allocUnsafeSlow(this.used);
    this.buffer.copy(chunk, 0, 0, this.used);
    this.used = 0;
    return chunk;
  }

  /** The bytes written so far, as one chunk; the writer starts a fresh buffer (the chunk may still be queued). */
  take(): Buffer {
    const chunk = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(2 * CHUNK_BYTES);
    this.used = 0;
    return chunk;
  }
}
