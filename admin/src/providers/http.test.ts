import { describe, expect, it } from 'vitest';
import { toHttpError } from './http';

describe('toHttpError', () => {
  it('keys the API field errors by path for the form', () => {
    const error = toHttpError(400, { message: 'Validation failed', errors: [{ field: 'name.full', message: 'too long' }, { field: 'name.full', message: 'again' }, { field: 'url', message: 'required' }] });
    expect(error).toMatchObject({ message: 'Validation failed', statusCode: 400, errors: { 'name.full': ['too long', 'again'], url: ['required'] } });
  });

  it('keeps the message of a 429 and falls back when there is none', () => {
    expect(toHttpError(429, { message: 'Too many failed sign-ins' }).message).toBe('Too many failed sign-ins');
    expect(toHttpError(502, 'Bad gateway').message).toBe('Request failed (502)');
    expect(toHttpError(400, { message: ['a', 'b'] }).message).toBe('a, b');
  });
});
