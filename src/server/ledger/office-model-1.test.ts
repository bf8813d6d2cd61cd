import { officeModelSuite } from '../test-support/office-model/suite';

// One of two shards of the office model (src/server/test-support/office-model/suite.ts), so CI runs them at once.
describe('the office model', () => officeModelSuite(1, 2));
