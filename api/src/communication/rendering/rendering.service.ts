import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { templateKind } from '@backoffice/resources';
import { invalid } from '../../common/errors';
import { type CompanyBranding, type Language, type Recipient, type TemplateData, type TemplateSource, languageFor, parseTemplateData, templateScope } from './render-input';
import { RenderPool } from './render-pool';
import type { RenderTask } from './render-task';
import { TemplateLanguageError } from './template-language';

export type MessageKind = 'mail' | 'sms' | 'notification';

/** One rendered message, ready for its channel. */
export interface RenderedMessage {
  kind: MessageKind;
  format: string;
  language: Language;
  /** mail subject or notification title; empty for SMS */
  subject: string;
  /** the mail's HTML; for text formats a small HTML page showing the text (what the preview frame shows) */
  html: string;
  /** the plain-text mail (or the HTML mail's text alternative), the SMS body or the notification body */
  text: string;
  /** notification only: what tapping it does (the template's data for the language) */
  data?: TemplateData;
  /** notification only: the template's Android channel, when it names one */
  androidChannelId?: string;
}

/** The preview answer of the spec: html, subject and the rendered parts. */
export interface RenderResult {
  html: string;
  subject: string;
  rendered: RenderedMessage;
}

/**
 * The one rendering service: a template (format, subject, content, footer, data per language), a recipient and
 * extras give the message. The preview, 'Send preview', resend, triggers and the batch sender all render here,
 * for the company whose share of the render threads it takes (render-pool.ts), never on the request loop.
 * Syntax and render errors are 400s naming the field and line (`content.en line 3: ...`).
 */
@Injectable()
export class RenderingService implements OnApplicationShutdown {
  private readonly pool = new RenderPool();

  async render(companyId: string, template: TemplateSource, recipient: Recipient, branding: CompanyBranding, extras: Record<string, unknown> = {}): Promise<RenderResult> {
    try {
      const rendered = await this.renderMessage(companyId, template, recipient, branding, extras);
      return { html: rendered.html, subject: rendered.subject, rendered };
    } catch (error) {
      if (error instanceof TemplateLanguageError) throw invalid(`The template does not render: ${error.message}`, error.errors);
      throw error;
    }
  }

  /** Like render, but throws TemplateLanguageError (TemplateLimitError at a limit) for callers that record a failure per recipient. */
  async renderMessage(companyId: string, template: TemplateSource, recipient: Recipient, branding: CompanyBranding, extras: Record<string, unknown> = {}): Promise<RenderedMessage> {
    const [message] = await this.renderMessages(companyId, template, [recipient], branding, extras);
    if (message instanceof TemplateLanguageError) throw message;
    return message;
  }

  /**
   * The message of each recipient in order, or the error its template gives for them; a render limit throws
   * TemplateLimitError for them all (the template would stop for each).
   */
  async renderMessages(companyId: string, template: TemplateSource, recipients: readonly Recipient[], branding: CompanyBranding, extras: Record<string, unknown> = {}): Promise<(RenderedMessage | TemplateLanguageError)[]> {
    const kind = templateKind(template.format);
    if (!kind) throw invalid(`Unknown template format ${template.format}`, [{ field: 'format', message: `format ${template.format} is not one of the template formats` }]);
    const tasks = recipients.map((recipient): RenderTask => {
      const language = languageFor(template, recipient);
      const texts = { subject: template.subject?.[language], content: template.content?.[language], footer: template.footer?.[language] };
      return { format: template.format, kind, language, texts, scope: templateScope(recipient, branding, language, extras), company: branding };
    });
    const rendered = await this.pool.renderAll(companyId, tasks);
    return rendered.map((parts, index) => {
      if (parts instanceof TemplateLanguageError) return parts;
      const { language } = tasks[index];
      const message: RenderedMessage = { kind, format: template.format, language, ...parts };
      if (kind === 'notification') {
        message.data = parseTemplateData(template.data?.[language]);
        if (template.androidChannelId) message.androidChannelId = template.androidChannelId;
      }
      return message;
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
