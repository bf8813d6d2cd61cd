import { z } from 'zod';
import { contracts, fileResponse } from '../../domain/contract';
import { type AnyRoute, route } from '../http/routes';
import { contractChecker } from './contract-check';

const api = contracts('Test', {
  getThing: {
    method: 'GET',
    path: '/thing/:id',
    summary: 'A thing.',
    request: {},
    responses: { 200: z.object({ id: z.number(), name: z.string() }) },
  },
  archived: {
    method: 'GET',
    path: '/thing/archived',
    summary: 'Archived things.',
    request: {},
    responses: { 200: z.array(z.number()) },
  },
  deleteThing: {
    method: 'DELETE',
    path: '/thing/:id',
    summary: 'Delete a thing.',
    request: {},
    responses: { 200: z.object({ success: z.boolean() }) },
  },
  pdf: {
    method: 'GET',
    path: '/thing/:id/file.pdf',
    summary: 'A file.',
    request: {},
    responses: { 200: fileResponse('The file.', 'application/pdf') },
  },
});

const handler = async () => ({ success: true });
const routes: AnyRoute[] = [
  route(api.getThing, { access: 'user', handler: async () => ({ id: 1, name: 'x' }) }),
  route(api.archived, { access: 'user', handler: async () => [] }),
  route(api.deleteThing, { access: 'user', handler }),
  route(api.pdf, { access: 'user', handler: async (_request, reply) => reply }),
];
const check = contractChecker(routes);
const json = 'application/json; charset=utf-8';
const call = (over: Partial<Parameters<typeof check>[0]>) => () =>
  check({ method: 'GET', url: '/api/thing/1', override: undefined, status: 200, contentType: json, body: {}, ...over });

describe('the contract check of every API test call', () => {
  it('passes a body that is exactly its schema', () => {
    expect(call({ body: { id: 1, name: 'x' } })).not.toThrow();
  });

  it.each([
    ['a missing field', { id: 1 }, /breaks its contract/],
    ['a field of another type', { id: '1', name: 'x' }, /breaks its contract/],
    ['a field the contract does not list', { id: 1, name: 'x', password: 'p' }, /does not list/],
  ])('fails on %s', (_what, body, message) => {
    expect(call({ body })).toThrow(message);
  });

  it('prefers the static path (/thing/archived) over the parameter (/thing/:id)', () => {
    expect(call({ url: '/api/thing/archived?x=1', body: [1, 2] })).not.toThrow();
    expect(call({ url: '/api/thing/archived', body: { id: 1, name: 'x' } })).toThrow(/breaks its contract/);
  });

  it('checks a POST with _method=DELETE against the DELETE contract', () => {
    expect(call({ method: 'POST', override: 'delete', body: { success: true } })).not.toThrow();
  });

  it('holds unlisted error statuses to {message, errors?}', () => {
    expect(call({ status: 404, body: { message: 'Not found.' } })).not.toThrow();
    expect(call({ status: 422, body: { message: 'Bad.', errors: { name: ['Bad.'] } } })).not.toThrow();
    expect(call({ status: 422, body: { error: 'Bad.' } })).toThrow(/breaks its contract/);
  });

  it('fails on a success status the contract does not list', () => {
    expect(call({ status: 201, body: { id: 1, name: 'x' } })).toThrow(/lists no 201/);
  });

  it('checks the content type of a file', () => {
    expect(call({ url: '/api/thing/1/file.pdf', contentType: 'application/pdf', body: '%PDF' })).not.toThrow();
    expect(call({ url: '/api/thing/1/file.pdf', contentType: 'text/html', body: '<p>' })).toThrow(/content type/);
  });
});
