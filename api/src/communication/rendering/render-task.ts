import { htmlToText } from './html-to-text';
import { escapeHtml, layMail, MAIL_LAYOUTS } from './mail-layout';
import type { CompanyBranding, Language } from './render-input';
import type { MessageKind } from './rendering.service';
import { type Markup, renderField } from './template-language';

/** One message for a render thread: the template's texts in the recipient's language and what they may read. */
export interface RenderTask {
  format: string;
  kind: MessageKind;
  language: Language;
  texts: { subject?: string; content?: string; footer?: string };
  scope: Record<string, unknown>;
  company: CompanyBranding;
}

/** What a render thread answers: the parts of the message that take the template's time. */
export interface RenderedParts {
  /** mail subject or notification title; empty for SMS */
  subject: string;
  html: string;
  text: string;
}

const textPage = (subject: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;margin:16px">${
    subject ? `<p><strong>${escapeHtml(subject)}</strong></p>` : ''
  }<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(text)}</pre></body></html>`;

/**
 * The template's fields rendered, each within `fieldMs`, laid out (HTML mail formats) and turned into text. Runs in
 * a render thread.
 */
export async function renderParts({ format, kind, language, texts, scope, company }: RenderTask, fieldMs: number): Promise<RenderedParts> {
  const render = (markup: Markup, name: keyof RenderTask['texts']) => renderField(markup, `${name}.${language}`, texts[name], scope, fieldMs);
  const subject = render('text', 'subject').trim();
  if (MAIL_LAYOUTS[format]) {
    const content = render('html', 'content');
    const footer = render('html', 'footer');
    const html = await layMail(format, company, { subject, content, footer });
    return { subject, html, text: htmlToText(`${content}<br><br>${footer}`) };
  }
  const content = render('text', 'content');
  const footer = kind === 'mail' ? render('text', 'footer') : '';
  const text = [content.trim(), footer.trim()].filter(Boolean).join('\n\n');
  const shownSubject = kind === 'sms' ? '' : subject;
  return { subject: shownSubject, html: textPage(shownSubject, text), text };
}
