import { Utf8Chunks } from './utf8-chunks';

/** Text written as UTF-8 into one buffer, taken as chunks (the journal export) or copied out at its size (Xero's parts). */
describe('Utf8Chunks', () => {
  it('takes what was written as UTF-8 and starts again', () => {
    const out = new Utf8Chunks();
    expect(out.empty).toBe(true);
    out.write('MAT-1,Müller — 12/31/2026\r\n');
    out.write('\ufeff€😀');
    const chunk = out.take();
    // ü is 2 bytes, — 3, the BOM 3, € 3, 😀 4
    expect(chunk.toString('utf8')).toBe('MAT-1,Müller — 12/31/2026\r\n\ufeff€😀');
    expect(chunk.length).toBe(Buffer.byteLength('MAT-1,Müller — 12/31/2026\r\n\ufeff€😀'));
    expect(out.empty).toBe(true);
  });

  it('is full past 64 KiB, and takes a record longer than its buffer whole', () => {
    const out = new Utf8Chunks();
    out.write('x'.repeat(65_535));
    expect(out.full).toBe(false);
    out.write('—');
    expect(out.full).toBe(true);
    const long = '—'.repeat(100_000);
    out.write(long);
    expect(out.take().toString('utf8')).toBe(`${'x'.repeat(65_535)}—${long}`);
  });

  it('copies a part out at its size and keeps writing into the same buffer', () => {
    const out = new Utf8Chunks();
    out.write('part one — Anna');
    const first = out.copy();
    out.write('part two');
    const second = out.copy();
    expect([first.toString('utf8'), second.toString('utf8')]).toEqual(['part one — Anna', 'part two']);
    // The copy is a buffer of its own: the next part did not overwrite it.
    expect(first.length).toBe(Buffer.byteLength('part one — Anna'));
    expect(first.buffer.byteLength).toBe(first.length);
    expect(out.empty).toBe(true);
  });
});
