import { config, z } from 'zod';
import { zodWithoutEval } from './zod-without-eval';

describe('zod in the browser', () => {
  it('parses without compiling schemas, so the page never tries `new Function`', () => {
    zodWithoutEval();
    expect(config().jitless).toBe(true);
    const forbidden = vi.spyOn(globalThis, 'Function');
    try {
      expect(z.object({ id: z.number(), name: z.string() }).parse({ id: 1, name: 'a' })).toEqual({ id: 1, name: 'a' });
      expect(forbidden).not.toHaveBeenCalled();
    } finally {
      forbidden.mockRestore();
    }
  });
});
