/**
 * The frame every mail's HTML part shares: a plain, table-free layout that
 * mail clients render alike. Brand it here (colours, logo, footer); each
 * template (./templates/) supplies a title and its paragraphs.
 */
import { appName } from '@/appName';
import { isolateText } from '@/server';

/** What a template renders: the subject and both parts. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML (names and emails are user input). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * A name (user text) for a subject or the plain-text part: isolated from the mail's own words
 * (server/shared/isolateText.ts), and on one line. Names are one line now (singleLineText), but one stored
 * earlier may hold line breaks, which in plain text start lines that read as the app's own
 * ("Accept the invitation: https://evil.example"): each run of them is one space here.
 */
export function nameInText(name: string): string {
  return isolateText(name.replace(/[\p{Cc}\u2028\u2029]+/gu, ' '));
}

/** A call-to-action link styled as a button. */
export function buttonHtml(href: string, label: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#2563eb;color:#ffffff;` +
    `padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>` +
    `<p style="color:#555;font-size:13px">Or paste this link into your browser:<br>` +
    `<a href="${escapeHtml(href)}" style="color:#2563eb;word-break:break-all">${escapeHtml(href)}</a></p>`
  );
}

/** The whole HTML document: `bodyHtml` is already escaped markup. */
export function layoutHtml(title: string, bodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;color:#18181b;line-height:1.5">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>`,
    bodyHtml,
    `<p style="color:#71717a;font-size:12px;margin-top:32px">${escapeHtml(appName)}</p>`,
    '</div></body></html>',
  ].join('\n');
}
