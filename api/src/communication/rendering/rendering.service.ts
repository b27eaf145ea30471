import { Injectable } from '@nestjs/common';
import { templateKind } from '@backoffice/resources';
import { invalid } from '../../common/errors';
import { htmlToText } from './html-to-text';
import { MAIL_LAYOUTS, layMail } from './mail-layout';
import { type CompanyBranding, type Language, type Recipient, type TemplateData, type TemplateSource, languageFor, parseTemplateData, templateScope } from './render-input';
import { renderField, TemplateLanguageError } from './template-language';

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

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const textPage = (subject: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;margin:16px">${
    subject ? `<p><strong>${escapeHtml(subject)}</strong></p>` : ''
  }<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(text)}</pre></body></html>`;

/**
 * The one rendering service: a template (format, subject, content, footer, data per language), a recipient and
 * extras give the message. The preview, 'Send preview', resend, triggers and the batch sender all render here.
 * Syntax and render errors are 400s naming the field and line (`content.en line 3: ...`).
 */
@Injectable()
export class RenderingService {
  async render(template: TemplateSource, recipient: Recipient, company: CompanyBranding, extras: Record<string, unknown> = {}): Promise<RenderResult> {
    try {
      const rendered = await this.renderMessage(template, recipient, company, extras);
      return { html: rendered.html, subject: rendered.subject, rendered };
    } catch (error) {
      if (error instanceof TemplateLanguageError) throw invalid(`The template does not render: ${error.message}`, error.errors);
      throw error;
    }
  }

  /** Like render, but throws TemplateLanguageError (for callers that record a failure per recipient). */
  async renderMessage(template: TemplateSource, recipient: Recipient, company: CompanyBranding, extras: Record<string, unknown> = {}): Promise<RenderedMessage> {
    const kind = templateKind(template.format);
    if (!kind) throw invalid(`Unknown template format ${template.format}`, [{ field: 'format', message: `format ${template.format} is not one of the template formats` }]);
    const language = languageFor(template, recipient);
    const scope = templateScope(recipient, company, language, extras);
    const source = (field: 'subject' | 'content' | 'footer') => template[field]?.[language];
    const field = (name: string) => `${name}.${language}`;
    const subject = renderField('text', field('subject'), source('subject'), scope).trim();

    if (MAIL_LAYOUTS[template.format]) {
      const content = renderField('html', field('content'), source('content'), scope);
      const footer = renderField('html', field('footer'), source('footer'), scope);
      const html = await layMail(template.format, company, { subject, content, footer });
      return { kind, format: template.format, language, subject, html, text: htmlToText(`${content}<br><br>${footer}`) };
    }
    const content = renderField('text', field('content'), source('content'), scope);
    const footer = kind === 'mail' ? renderField('text', field('footer'), source('footer'), scope) : '';
    const text = [content.trim(), footer.trim()].filter(Boolean).join('\n\n');
    const message: RenderedMessage = { kind, format: template.format, language, subject: kind === 'sms' ? '' : subject, html: textPage(kind === 'sms' ? '' : subject, text), text };
    if (kind === 'notification') {
      message.data = parseTemplateData(template.data?.[language]);
      if (template.androidChannelId) message.androidChannelId = template.androidChannelId;
    }
    return message;
  }
}
