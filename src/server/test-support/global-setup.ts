import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const runId = `${process.pid}`;
  project.provide('testRunId', runId);
  await prepareTemplate('pglite', runId);
}
