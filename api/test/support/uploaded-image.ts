import sharp from 'sharp';
import { type TestApp, bearer } from './test-app';

/** A small PNG uploaded through the API by the holder of `token`, so stored for their company; answers its id. */
export async function uploadedImage(t: TestApp, token: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#33aa77' } }).png().toBuffer();
  const response = await t.http.post('/api/image').set(bearer(token)).attach('file', png, 'image.png');
  if (response.status !== 201) throw new Error(`could not upload an image: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body._id;
}
