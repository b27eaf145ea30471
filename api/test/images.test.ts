import sharp from 'sharp';
import { Audience } from '../src/communication/delivery/audience';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();

describe('images', () => {
  it('stores an upload and serves square PNG icons of 64, 256 and 512 px', async () => {
    const token = await t.token('merchant');
    const upload = await t.http.post('/api/image').query({ model: 'product', field: 'image.profile' }).set(bearer(token)).attach('file', await png(600, 600), 'square.png');
    expect(upload.status).toBe(201);
    for (const [variant, size] of [['icon_64', 64], ['icon_256', 256], ['icon_512', 512]] as const) {
      const icon = await t.http.get(`/api/image/${upload.body._id}/${variant}`).set(bearer(token)).buffer(true);
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toMatch(/image\/png/);
      const meta = await sharp(icon.body).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    expect((await t.http.get(`/api/image/${upload.body._id}/icon_64`).set(bearer(await t.token('merchant', 'b')))).status).toBe(404);
    // each icon is made once and kept beside the original
    const variants = await t.db.query<{ variant: string }>('SELECT variant FROM image_blob WHERE id = $1 ORDER BY variant', [upload.body._id]);
    expect(variants.map((row) => row.variant)).toEqual(['icon_256', 'icon_512', 'icon_64', 'original']);
  });

  it("refuses images that break the field's ratio or minimum size, and files that are no images", async () => {
    const token = await t.token('merchant');
    const small = await t.http.post('/api/image').query({ model: 'product', field: 'image.profile' }).set(bearer(token)).attach('file', await png(300, 300), 'small.png');
    expect(small.status).toBe(400);
    expect(small.body.message).toBe('Image must be at least 512 px wide');
    const wide = await t.http.post('/api/image').query({ model: 'merchant', field: 'image.banner' }).set(bearer(token)).attach('file', await png(1200, 600), 'wide.png');
    expect(wide.body.message).toBe('Image ratio must be 851:235 or 12:5');
    const banner = await t.http.post('/api/image').query({ model: 'merchant', field: 'image.banner' }).set(bearer(token)).attach('file', await png(1200, 500), 'banner.png');
    expect(banner.status).toBe(201);
    const text = await t.http.post('/api/image').set(bearer(token)).attach('file', Buffer.from('hello'), 'hello.png');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('The file is not an image');
  });

  it('draws QR codes', async () => {
    const token = await t.token('event');
    const qr = await t.http.get(`/api/image/qr/${encodeURIComponent('BEGIN:VCARD\nFN:Ada\nEND:VCARD')}/png`).set(bearer(token)).buffer(true);
    expect(qr.status).toBe(200);
    expect(await sharp(qr.body).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    expect(qr.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('serves what mail shows at an absolute, signed address that needs no session, and nothing else', async () => {
    const token = await t.token('company');
    const logo = await t.http.post('/api/image').set(bearer(token)).attach('file', await png(600, 600), 'logo.png');
    const other = await t.http.post('/api/image').set(bearer(token)).attach('file', await png(600, 600), 'other.png');
    await t.http.patch(`/api/company/model/company/${t.companies.a}`).set(bearer(token)).send({ image: { profile: logo.body._id } });
    const { branding } = await t.app.get(Audience).company(t.companies.a);
    const url = new URL(branding.image.profile!);
    expect(url.origin).toMatch(/^https?:\/\//);
    expect(url.pathname).toMatch(new RegExp(`^/api/image/public/${logo.body._id}/icon_512/[\\w-]{32}$`));
    const served = await t.http.get(url.pathname).buffer(true);
    expect(served.status).toBe(200);
    expect((await sharp(served.body).metadata()).width).toBe(512);
    expect((await t.http.get(url.pathname.replace(logo.body._id, other.body._id))).status).toBe(404);
    expect((await t.http.get(url.pathname.replace('icon_512', 'icon_64'))).status).toBe(404);
    expect((await t.http.get(`${url.pathname.slice(0, -3)}abc`)).status).toBe(404);
    expect((await t.http.get(`/api/image/${other.body._id}/icon_512`)).status).toBe(401);
  });
});

