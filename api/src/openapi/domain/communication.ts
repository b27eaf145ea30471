import { ANY_ADMIN, deliveryReportSchema, jsonSchema as s, renderResultSchema, sendRefusedSchema, sentSchema, templatePreviewBodySchema, templateSuggestionSchema } from '@backoffice/resources';
import { type DomainOperation, errorWith, ok, refusal } from './operations';

const refused = (description: string) => ({ description, schema: sendRefusedSchema });
const off = (channel: string) => `${channel} is switched off on this installation (reason service-off)`;

export const COMMUNICATION_OPERATIONS: DomainOperation[] = [
  {
    method: 'post',
    path: '/api/company/communication/push-notification',
    operationId: 'sendTestPush',
    callers: ANY_ADMIN,
    idempotent: true,
    body: {
      schema: s.object(
        {
          to: s.string({ minLength: 1, description: 'an Expo push token' }),
          title: s.string(),
          body: s.string(),
          sound: s.nullable(s.string()),
          data: s.anyOf(s.record(s.any()), s.string({ description: 'JSON' })),
          ttl: s.integer({ minimum: 0 }),
          subtitle: s.string(),
          categoryId: s.string(),
          _category: s.string(),
          badge: s.integer(),
          channelId: s.enum(['priority', 'partners', 'reminders', 'news']),
        },
        { optional: ['title', 'body', 'sound', 'data', 'ttl', 'subtitle', 'categoryId', '_category', 'badge', 'channelId'] },
      ),
    },
    answers: {
      200: ok('Sent', s.object({ message: s.literal('Sent test message!'), ticketId: s.nullable(s.string()) })),
      400: refusal('A field of the message is not valid'),
      409: errorWith(off('Push')),
      422: errorWith("Expo refused the message (DeviceNotRegistered, MessageTooBig): `reason` and Expo's `code`"),
      502: errorWith("Expo failed: `reason` and Expo's `code`"),
    },
  },
  {
    method: 'get',
    path: '/api/company/communication/mail/{id}/source',
    operationId: 'mailSource',
    callers: ['super'],
    answers: { 200: ok('The MIME source Mailgun kept', s.object({ source: s.string() })), 404: refusal('No such mail, or its source is not kept (any more)') },
  },
  {
    method: 'post',
    path: '/api/company/communication/mail/{id}/resend',
    operationId: 'resendMail',
    callers: ANY_ADMIN,
    idempotent: true,
    answers: { 200: ok('Sent again as a new mail', sentSchema), 404: refusal('No such mail'), 409: refused(`The mail has no template or user, or its recipient cannot be sent to (with the outcome); or ${off('Mail')}`) },
  },
  { method: 'get', path: '/api/company/template/suggestions', operationId: 'templateSuggestions', callers: ANY_ADMIN, answers: { 200: ok('The presets', s.array(templateSuggestionSchema)) } },
  {
    method: 'post',
    path: '/api/company/template/render',
    operationId: 'renderTemplate',
    callers: ANY_ADMIN,
    body: { schema: templatePreviewBodySchema },
    answers: {
      200: ok('Rendered for the signed-in user with sample trigger data', s.object({ data: s.array(s.object({ data: renderResultSchema })) })),
      400: refusal('No format, or a syntax or render error (the field and line named)'),
      404: refusal('The template _id names no template of the company'),
    },
  },
  {
    method: 'post',
    path: '/api/company/template/send-preview',
    operationId: 'sendTemplatePreview',
    callers: ANY_ADMIN,
    idempotent: true,
    body: { schema: templatePreviewBodySchema },
    answers: {
      200: ok("Sent to the signed-in user over the template's channel", sentSchema),
      400: refusal('As render'),
      404: refusal('As render'),
      409: refused(`It could not be sent (declined or refused, with the outcome), or the template's channel is switched off (reason service-off)`),
    },
  },
  {
    method: 'post',
    path: '/api/communication/mail/webhook',
    operationId: 'mailgunWebhook',
    callers: 'public',
    body: { schema: s.object({ signature: s.object({ timestamp: s.string(), token: s.string(), signature: s.string() }), 'event-data': s.record(s.any()) }, { open: true }) },
    answers: { 200: ok('The mail and its state now', deliveryReportSchema('mailId')), 400: refusal('Not a Mailgun event'), 403: refusal('The signature does not hold, is too old or was seen before'), 404: refusal('No mail matches') },
  },
  {
    method: 'get',
    path: '/api/communication/sms/webhook',
    operationId: 'smsWebhook',
    callers: 'public',
    query: {
      id: { schema: { type: 'string' } },
      reference: { schema: { type: 'string' }, description: 'our SMS record id' },
      recipient: { schema: { type: 'string' } },
      status: { schema: { type: 'string' } },
      statusDatetime: { schema: { type: 'string' } },
    },
    headers: { 'MessageBird-Signature-JWT': { schema: { type: 'string' }, required: true } },
    answers: { 200: ok('The SMS and its state now', deliveryReportSchema('smsId')), 400: refusal('Not a status report'), 403: refusal('The signature does not hold'), 404: refusal('No SMS matches') },
  },
];
