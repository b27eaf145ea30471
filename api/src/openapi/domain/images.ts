import { jsonSchema as s } from '@backoffice/resources';
import { type DomainOperation, file, ok, refusal } from './operations';

const AI_BODY = s.object(
  {
    prompt: s.string({ minLength: 1, maxLength: 1000 }),
    n: s.integer({ minimum: 1, maximum: 8, description: 'how many suggestions (default 4)' }),
    model: s.string({ description: 'with field: the images fit that image field (product, merchant)' }),
    field: s.string(),
  },
  { optional: ['n', 'model', 'field'] },
);
const AI_REFUSALS = {
  400: refusal('No prompt, n out of range, an unknown image field, or the image service refused the prompt'),
  409: refusal('Image suggestions are switched off on this installation (reason service-off)'),
  429: refusal('More than one request a second from this user, or the image service is busy'),
  502: refusal('The image service did not answer, or not with an image'),
  503: refusal('The image service is not configured (AI_IMAGE_URL)'),
};
const MERCHANT = ['merchant'] as const;

export const IMAGE_OPERATIONS: DomainOperation[] = [
  {
    method: 'post',
    path: '/api/image',
    operationId: 'uploadImage',
    summary: 'Upload an image (JPG, PNG, GIF or WebP, at most 10 MB)',
    description: 'Multipart field `file`; with `model` and `field` the image field\'s ratio and minimum size apply. Answers the stored image\'s id, served at /api/image/{id}/icon_64 (icon_256, icon_512).',
    callers: 'signed-in',
    query: { model: { schema: { type: 'string' } }, field: { schema: { type: 'string' } } },
    body: { mediaType: 'multipart/form-data', schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] } },
    answers: {
      201: ok('Stored', s.object({ _id: s.string({ pattern: '^[0-9a-f]{24}$' }), width: s.integer(), height: s.integer(), format: s.string() })),
      400: refusal('No file, not an image of those formats, or it breaks the field\'s ratio or size'),
      413: refusal('The file is larger than 10 MB'),
    },
  },
  {
    method: 'get',
    path: '/api/image/qr/{value}/png',
    operationId: 'qrCode',
    summary: 'A QR code of the value as a PNG (512 px)',
    callers: 'signed-in',
    pathParameters: { value: { type: 'string', minLength: 1, maxLength: 2000 } },
    answers: { 200: file('The PNG', 'image/png'), 400: refusal('The value is longer than 2000 characters') },
  },
  {
    method: 'get',
    path: '/api/image/public/{id}/{variant}/{signature}',
    operationId: 'publicImageIcon',
    summary: 'An image a mail shows, by the signed address the API made for it (no session)',
    callers: 'public',
    pathParameters: { id: { type: 'string' }, variant: { type: 'string', enum: ['icon_64', 'icon_256', 'icon_512'] }, signature: { type: 'string' } },
    answers: { 200: file('The PNG', 'image/png'), 404: refusal('No such image, or the signature does not hold') },
  },
  {
    method: 'get',
    path: '/api/image/{id}/{variant}',
    operationId: 'imageIcon',
    summary: 'An image of the company as a square PNG icon',
    callers: 'signed-in',
    pathParameters: { id: { type: 'string' }, variant: { type: 'string', enum: ['icon_64', 'icon_256', 'icon_512'] } },
    answers: { 200: file('The PNG', 'image/png'), 404: refusal('No such image in your company, or no such size') },
  },
  {
    method: 'post',
    path: '/api/image/ai/prompt/blob',
    operationId: 'aiImageBytes',
    callers: MERCHANT,
    body: { schema: AI_BODY },
    answers: { 200: ok('One PNG each, as a list of its bytes', s.array(s.array(s.integer({ minimum: 0, maximum: 255 })))), ...AI_REFUSALS },
  },
  {
    method: 'post',
    path: '/api/ai-image/prompt/url',
    operationId: 'aiImageUrls',
    callers: MERCHANT,
    body: { schema: AI_BODY },
    answers: { 200: ok('One data:image/png;base64 URL each', s.array(s.string({ pattern: '^data:image/png;base64,' }))), ...AI_REFUSALS },
  },
];
