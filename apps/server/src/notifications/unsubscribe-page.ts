import type { UnsubscribableKind } from '@lodestar/domain';

/** What each kind is called on the unsubscribe page. */
export const KIND_NAMES: Record<UnsubscribableKind, string> = {
  low_balance: 'low-balance alerts',
  daily_spending: 'daily spending alerts',
  large_transactions: 'large transaction alerts',
  new_connections: 'new connection alerts',
  weekly_summary: 'weekly summaries',
  budget: 'budget alerts',
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

type PageState =
  | { state: 'confirm'; kind: UnsubscribableKind; action: string }
  | { state: 'done'; kind: UnsubscribableKind }
  | { state: 'invalid' };

/**
 * The small page an unsubscribe link answers. Opening the link only asks (mail scanners open links
 * too, and must not unsubscribe anyone); the button POSTs the same URL, as a mail provider's one-click
 * unsubscribe does. It needs no session and no script (the content security policy allows inline
 * styles and same-origin forms only).
 */
export function unsubscribePage(page: PageState): { status: 200 | 400; html: string } {
  const title =
    page.state === 'confirm'
      ? `Unsubscribe from ${KIND_NAMES[page.kind]}?`
      : page.state === 'done'
        ? 'You are unsubscribed'
        : 'This unsubscribe link is not valid';
  const text =
    page.state === 'confirm'
      ? `Lodestar will stop sending you ${KIND_NAMES[page.kind]} by email and push. Other notifications stay as they are.`
      : page.state === 'done'
        ? `Lodestar will no longer send you ${KIND_NAMES[page.kind]}. You can turn them back on in Settings → Notifications.`
        : 'The link may be incomplete. Open Settings → Notifications in Lodestar to choose which notifications you get.';
  const action =
    page.state === 'confirm'
      ? `<form method="post" action="${escapeHtml(page.action)}" style="margin:0 0 16px"><button type="submit" style="background:#1d4ed8;color:#ffffff;border:0;border-radius:8px;padding:10px 18px;font-size:15px;font-weight:600;cursor:pointer">Unsubscribe</button></form>`
      : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Lodestar</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<main style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-size:20px;font-weight:700;color:#1d4ed8;margin-bottom:24px">&#10022; Lodestar</div>
<div style="background:#ffffff;border:1px solid #e4e7eb;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:24px">${escapeHtml(text)}</p>
${action}<p style="margin:0"><a href="/settings/notifications" style="color:#1d4ed8;font-weight:600">Notification settings</a></p>
</div>
</main>
</body>
</html>`;
  return { status: page.state === 'invalid' ? 400 : 200, html };
}
