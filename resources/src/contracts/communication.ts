import { jsonSchema as s } from './schema';

/** Answers of the communication endpoints (api/src/communication), shared by the API and the admin. */

const language = s.enum(['en', 'nl']);

/** A message rendered for one recipient: what the preview frame shows and what is sent. */
export const renderedMessageSchema = s.named(
  'RenderedMessage',
  s.object(
    {
      kind: s.enum(['mail', 'sms', 'notification']),
      format: s.string(),
      language,
      subject: s.string(),
      html: s.string(),
      text: s.string(),
      data: s.record(s.any(), { description: 'notification: what tapping it does' }),
      androidChannelId: s.string(),
    },
    { optional: ['data', 'androidChannelId'] },
  ),
);

/** The preview answer of the spec: html, subject and the rendered parts. */
export const renderResultSchema = s.named('RenderResult', s.object({ html: s.string(), subject: s.string(), rendered: renderedMessageSchema }));

/** What a send to one recipient came to. */
export const sendOutcomeSchema = s.named(
  'SendOutcome',
  s.object({
    recipient: s.object({ userId: s.nullable(s.objectId()), name: s.record(s.nullable(s.string())) }, { open: true }),
    state: s.enum(['done', 'declined', 'error']),
    reason: s.nullable(s.enum(['anonymous', 'missing-email', 'missing-mobile', 'missing-push-token', 'sms-disabled', 'service-off'])),
    recordId: s.nullable(s.objectId()),
    providerId: s.nullable(s.string()),
    error: s.nullable(s.string()),
  }),
);

/** A sent message and what its send came to. */
export const sentSchema = s.named('Sent', s.object({ message: s.string(), outcome: sendOutcomeSchema }));

/** A refusal of a send, with what the send came to (null when nothing was sent). */
export const sendRefusedSchema = s.named(
  'SendRefused',
  s.object({ message: s.string(), statusCode: s.integer(), outcome: s.nullable(sendOutcomeSchema), reason: s.string(), service: s.string() }, { optional: ['outcome', 'reason', 'service'] }),
);

const texts = s.object({ en: s.string(), nl: s.string() });
/** A suggested default template ('From template'). */
export const templateSuggestionSchema = s.named(
  'TemplateSuggestion',
  s.object({ format: s.string(), name: s.object({ full: s.string() }), role: s.string(), subject: texts, content: texts, footer: texts, data: texts }, { optional: ['role', 'footer', 'data'] }),
);

/** An editor's form value of a template, rendered or sent as a preview. */
export const templatePreviewBodySchema = s.named(
  'TemplatePreviewBody',
  s.object({
    template: s.object(
      {
        _id: s.objectId({ description: 'the template being edited, recorded on a sent preview' }),
        format: s.string(),
        subject: s.record(s.string()),
        content: s.record(s.string()),
        footer: s.record(s.string()),
        data: s.record(s.string()),
        androidChannelId: s.string(),
      },
      { optional: ['_id', 'subject', 'content', 'footer', 'data', 'androidChannelId'], open: true },
    ),
  }),
);

/** A provider's report about a message: which record it moved to which state. */
export const deliveryReportSchema = (record: 'mailId' | 'smsId') => s.object({ [record]: s.objectId(), state: s.nullable(s.string()) });
