import { signInBodySchema, signInSchema, signedInSchema } from '@backoffice/resources';
import { type DomainOperation, empty, ok, refusal } from './operations';

export const AUTH_OPERATIONS: DomainOperation[] = [
  {
    method: 'post',
    path: '/api/auth/login',
    operationId: 'signIn',
    summary: 'Sign in with email and password',
    description: 'Answers the session token and sets it as the httpOnly, SameSite=Strict cookie `session`. Failed sign-ins are counted per email and address: over the limit that address waits (429).',
    callers: 'public',
    body: { schema: signInBodySchema },
    answers: {
      200: { ...ok('Signed in', signInSchema), headers: { 'Set-Cookie': { description: 'the session cookie', schema: { type: 'string' } } } },
      400: refusal('Email or password missing'),
      401: refusal('Unknown email or wrong password (answered alike)'),
      429: refusal('Too many failed sign-ins from this address (for this email, or at all): wait as the message says'),
    },
  },
  { method: 'post', path: '/api/auth/logout', operationId: 'signOut', summary: 'Sign out: the session ends for good', callers: 'signed-in', answers: { 204: empty('Signed out; the cookie is cleared') } },
  { method: 'get', path: '/api/auth/me', operationId: 'signedIn', summary: 'Who is signed in, in which company, with which rights', callers: 'signed-in', answers: { 200: ok('The signed-in user', signedInSchema) } },
];
