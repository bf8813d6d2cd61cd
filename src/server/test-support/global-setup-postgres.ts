import type { TestProject } from 'vitest/node';
import { dropTemplate, prepareTemplate } from './databases';
import './global-setup';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  project.provide('testRunId', runId);
  await prepareTemplate('postgres', runId);
  return () => dropTemplate(runId);
}
