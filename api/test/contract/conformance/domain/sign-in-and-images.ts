import { setTimeout as sleep } from 'node:timers/promises';
import { SignedLinks } from '../../../../src/common/signed-links';
import { DEMO_PASSWORD } from '../../../../src/demo/sign-ins';
import { publicImagePath } from '../../../../src/images/image.service';
import type { Call } from '../calls';
import { type DomainCalls, freshSession, pngOf } from './world';

/** The image service lets a user ask once a second: each call waits its turn. */
const nextSecond = () => sleep(1100);

export const signInAndImageCalls: DomainCalls = async ({ t, records }) => {
  const imageId = await records.imageId();
  const publicIcon = new URL(await t.app.get(SignedLinks).url(publicImagePath(imageId, 'icon_64'))).pathname;
  const aiCalls = (operationId: string, path: string): Call[] => [
    { operationId, path, role: 'merchant', body: { prompt: 'A glass of beer', n: 1 }, before: nextSecond, expect: 200 },
    { operationId, path, role: 'merchant', body: { prompt: 'A glass of beer', n: 1 }, expect: 429 },
    { operationId, path, role: 'company', body: { prompt: 'A glass of beer', n: 1 }, env: { AI_IMAGE_ENABLED: 'false' }, before: nextSecond, expect: 409 },
    { operationId, path, role: 'super', body: { prompt: 'A glass of beer', n: 1 }, env: { AI_IMAGE_URL: 'http://127.0.0.1:9' }, before: nextSecond, expect: 502 },
    { operationId, path, role: 'company', body: { prompt: 'A glass of beer', n: 1 }, env: { AI_IMAGE_URL: '' }, before: nextSecond, expect: 503 },
  ];
  const [migration] = await t.db.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY name DESC LIMIT 1');
  return [
    { operationId: 'signIn', path: '/api/auth/login', role: null, body: { email: t.emailOf('event'), password: DEMO_PASSWORD }, expect: 200 },
    { operationId: 'signIn', path: '/api/auth/login', role: null, body: { email: t.emailOf('event'), password: 'not it' }, expect: 401 },
    ...Array.from({ length: 10 }, (): Call => ({ operationId: 'signIn', path: '/api/auth/login', role: null, body: { email: 'nobody@guessing.test', password: 'guess' }, expect: 401 })),
    { operationId: 'signIn', path: '/api/auth/login', role: null, body: { email: 'nobody@guessing.test', password: 'guess' }, expect: 429 },
    { operationId: 'signOut', path: '/api/auth/logout', role: null, token: await freshSession(t, 'event'), expect: 204 },
    { operationId: 'signedIn', path: '/api/auth/me', expect: 200 },
    { operationId: 'health', path: '/api/health', role: null, expect: 200 },
    { operationId: 'ready', path: '/api/health/ready', role: null, expect: 200 },
    {
      operationId: 'ready',
      path: '/api/health/ready',
      role: null,
      before: async () => void (await t.db.query('DELETE FROM schema_migration WHERE name = $1', [migration.name])),
      after: async () => void (await t.db.query('INSERT INTO schema_migration (name) VALUES ($1)', [migration.name])),
      expect: 503,
    },
    { operationId: 'uploadImage', path: '/api/image', file: { field: 'file', content: await pngOf(16, 16), name: 'logo.png' }, expect: 201 },
    { operationId: 'qrCode', path: '/api/image/qr/hello/png', expect: 200 },
    { operationId: 'publicImageIcon', path: publicIcon, role: null, expect: 200 },
    { operationId: 'publicImageIcon', path: `${publicIcon.slice(0, publicIcon.lastIndexOf('/'))}/not-its-signature`, role: null, expect: 404 },
    { operationId: 'imageIcon', path: `/api/image/${imageId}/icon_64`, expect: 200 },
    ...aiCalls('aiImageBytes', '/api/image/ai/prompt/blob'),
    ...aiCalls('aiImageUrls', '/api/ai-image/prompt/url'),
  ];
};
