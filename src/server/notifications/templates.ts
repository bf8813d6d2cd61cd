import type { MailKind } from '../../domain/notifications/notifications';

/** What one notification says: a subject, a few short lines, and one link to the record. */
export interface MailContent {
  subject: string;
  /** Plain sentences, shown as paragraphs; the first one greets. */
  lines: string[];
  /** Optional quoted text (a return comment), shown set apart. */
  quote?: string | null;
  link: { url: string; label: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * A text part and an HTML part that renders in common clients (Outlook, Gmail, Apple Mail): one
 * table-based column at most 560 px wide, inline styles only, system fonts, no images or scripts,
 * and the link written out in full below the button for clients that block styling.
 */
export function renderMail(content: MailContent, siteTitle: string): RenderedMail {
  const text = [
    ...content.lines,
    ...(content.quote ? [content.quote.replace(/^/gm, '> ')] : []),
    `${content.link.label}: ${content.link.url}`,
    `— ${siteTitle}`,
  ].join('\n\n');
  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px 0;font-size:16px;line-height:24px;color:#1f2328;">${escapeHtml(line)}</p>`;
  const quote = content.quote
    ? `<blockquote style="margin:0 0 16px 0;padding:8px 12px;border-left:4px solid #b26a00;background:#fff8e6;font-size:16px;line-height:24px;color:#1f2328;white-space:pre-wrap;">${escapeHtml(content.quote)}</blockquote>`
    : '';
  const url = escapeHtml(content.link.url);
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border:1px solid #d8dee4;border-radius:6px;">
<tr><td style="padding:16px 24px;border-bottom:1px solid #d8dee4;font-family:Arial,Helvetica,sans-serif;font-size:18px;font-weight:bold;color:#1f2328;">${escapeHtml(siteTitle)}</td></tr>
<tr><td style="padding:24px;font-family:Arial,Helvetica,sans-serif;">
${content.lines.map(paragraph).join('\n')}
${quote}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px 0;"><tr>
<td style="border-radius:4px;background:#1f5fa8;"><a href="${url}" style="display:inline-block;padding:12px 20px;font-family:Arial,Helvetica,sans-serif;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(content.link.label)}</a></td>
</tr></table>
<p style="margin:0;font-size:13px;line-height:20px;color:#57606a;">Or open this address: <a href="${url}" style="color:#1f5fa8;">${url}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}

/** The record each kind links to (routes of the web app). */
export function recordPath(kind: MailKind, refId: number): string {
  switch (kind) {
    case 'report_processed':
    case 'report_returned':
      return `/expense-report/${refId}`;
    case 'advance_approved':
      return '/advance-request';
    case 'distribution_approved':
    case 'distribution_reversed':
      return `/distribution/${refId}`;
    case 'bank_details_changed':
    case 'payment_returned':
      return `/profile/${refId}`;
    case 'report_submitted':
      return `/expense-report/${refId}`;
    case 'advance_requested':
      return '/admin/advance-requests/unprocessed';
    case 'submission_digest':
      return '/admin/expense-reports/unprocessed';
  }
}
