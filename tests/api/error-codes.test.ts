import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// Error bodies named Fastify's internal codes (FST_ERR_CTP_INVALID_JSON_BODY,
// FST_ERR_BAD_URL, FST_STATIC_FORBIDDEN_PATH). Every error body's code is now one of ours.
const OUR_CODES = new Set([
  'BAD_JSON',
  'BAD_URL',
  'BAD_REQUEST',
  'BAD_CONTENT_TYPE',
  'TOO_LARGE',
  'NOT_FOUND',
  'VALIDATION',
  'RATE_LIMITED',
]);

let web: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'kursa-client-'));
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Kursa</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  web = await createTestApp({ clientDir });
});
afterAll(async () => {
  await web.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json', 'accept-language': 'en' };
const cases: Array<{ name: string; request: InjectOptions; status: number; code: string; message: string }> = [
  {
    name: 'malformed JSON',
    request: { method: 'POST', url: '/api/login', payload: '{"email":', headers: json },
    status: 400,
    code: 'BAD_JSON',
    message: 'The request body is not valid JSON.',
  },
  {
    name: 'an empty JSON body',
    request: { method: 'POST', url: '/api/login', payload: '', headers: json },
    status: 400,
    code: 'BAD_JSON',
    message: 'The request body is not valid JSON.',
  },
  {
    name: 'a prototype-poisoning body',
    request: { method: 'POST', url: '/api/login', payload: '{"__proto__":{"admin":true}}', headers: json },
    status: 400,
    code: 'BAD_JSON',
    message: 'The request body is not valid JSON.',
  },
  {
    name: 'a wrong Content-Length',
    request: { method: 'POST', url: '/api/login', payload: '{}', headers: { ...json, 'content-length': '9999' } },
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request could not be processed.',
  },
  {
    name: 'a body over 1 MB',
    request: { method: 'POST', url: '/api/login', payload: `"${'x'.repeat(1100 * 1024)}"`, headers: json },
    status: 413,
    code: 'TOO_LARGE',
    message: 'The request is too large (at most 1 MB).',
  },
  {
    name: 'a form post',
    request: {
      method: 'POST',
      url: '/api/login',
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    },
    status: 415,
    code: 'BAD_CONTENT_TYPE',
    message: 'The request body must be sent as JSON.',
  },
  {
    name: 'a malformed URL under /api',
    request: { url: '/api/cvr/%E0%A4%A', headers: { 'accept-language': 'en' } },
    status: 400,
    code: 'BAD_URL',
    message: 'The address is not valid.',
  },
  {
    name: 'a malformed URL of a page',
    request: { url: '/%E0%A4%A', headers: { 'accept-language': 'en' } },
    status: 400,
    code: 'BAD_URL',
    message: 'The address is not valid.',
  },
  {
    name: 'a NUL byte in a static path',
    request: { url: '/assets/app%00.js', headers: { 'accept-language': 'en' } },
    status: 404,
    code: 'NOT_FOUND',
    message: 'Not found.',
  },
  {
    name: 'a static directory',
    request: { url: '/assets/', headers: { 'accept-language': 'en' } },
    status: 404,
    code: 'NOT_FOUND',
    message: 'Not found.',
  },
  {
    name: 'an unknown method',
    request: { method: 'PROPFIND' as 'GET', url: '/api/login', headers: { 'accept-language': 'en' } },
    status: 404,
    code: 'NOT_FOUND',
    message: 'Not found.',
  },
];

describe('error bodies carry our own codes', () => {
  for (const c of cases) {
    it(`${c.name} → ${c.status} ${c.code}`, async () => {
      const res = await web.app.inject(c.request);
      expect(res.statusCode).toBe(c.status);
      expect(res.json()).toEqual({ message: c.message, code: c.code });
      expect(res.body).not.toContain('FST_');
    });
  }

  it('no answer to any of them names an internal code', async () => {
    for (const c of cases) {
      const res = await web.app.inject(c.request);
      expect(OUR_CODES.has(res.json().code), `${c.name}: ${res.body}`).toBe(true);
    }
  });
});
