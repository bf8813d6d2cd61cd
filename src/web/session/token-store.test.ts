import { getToken, notifyActivity, setToken } from './token-store';

/** Counts writes of document.cookie (each is a round trip to the browser's cookie store). */
function countCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!descriptor?.set) throw new Error('document.cookie has no setter here');
  const writes: string[] = [];
  const spy = vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value) {
    writes.push(value);
    descriptor.set?.call(this, value);
  });
  return { writes, restore: () => spy.mockRestore() };
}

describe('the token cookie', () => {
  it('is renewed by activity at most once a minute', () => {
    const start = Date.now();
    setToken('token-of-test');
    const { writes, restore } = countCookieWrites();
    try {
      notifyActivity(start + 1_000); // within a minute of signing in: no write
      notifyActivity(start + 59_000);
      expect(writes).toHaveLength(0);
      notifyActivity(start + 61_000); // a minute on: renewed once
      notifyActivity(start + 62_000);
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatch(/^token=token-of-test; Path=\/; Max-Age=14400; SameSite=Strict/);
      notifyActivity(start + 122_000);
      expect(writes).toHaveLength(2);
    } finally {
      restore();
    }
    expect(getToken()).toBe('token-of-test');
  });
});
