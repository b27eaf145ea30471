import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { requestLog } from '../src/common/request-log.middleware';

describe('request log', () => {
  it('writes one JSON line with id, route, status and time, and no query string, token or body', () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const response = Object.assign(new EventEmitter(), { statusCode: 200, setHeader: vi.fn() }) as unknown as Response;
    const request = {
      method: 'POST',
      path: '/api/auth/login',
      baseUrl: '',
      originalUrl: '/api/auth/login?password=hunter2',
      headers: { authorization: 'Bearer secret-token' },
      body: { email: 'a@b.test', password: 'hunter2', iban: 'NL91ABNA0417164300' },
    } as unknown as Request;
    requestLog(true)(request, response, () => undefined);
    (response as unknown as EventEmitter).emit('finish');
    write.mockRestore();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ method: 'POST', route: '/api/auth/login', status: 200 });
    expect(typeof entry.id).toBe('string');
    expect(typeof entry.ms).toBe('number');
    expect(lines[0]).not.toMatch(/hunter2|secret-token|NL91/);
  });
});
