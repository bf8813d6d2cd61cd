import { demoEmail } from './constants';
import type { DemoSeed } from './types';
import { ensureDemoUser } from './users';

export const DEMO_STAFF = [
  { name: 'Grace Whitfield', email: demoEmail('admin'), role: 'admin' },
  { name: 'Thomas Reed', email: demoEmail('office'), role: 'employee' },
] as const;

export const staffSeed: DemoSeed = {
  name: 'staff',
  async run({ tx, now }) {
    let created = 0;
    for (const person of DEMO_STAFF) {
      if ((await ensureDemoUser(tx, now, person)).created) created += 1;
    }
    return created;
  },
};
