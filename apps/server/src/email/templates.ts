/**
 * Transactional emails: a plain-text body for every client and a simple, table-free HTML body with
 * inline styles (mail clients ignore stylesheets). Every value is escaped.
 */

export type EmailContent = { subject: string; text: string; html: string };

const PRODUCT = 'Lodestar';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

type Layout = {
  preheader: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
  /** Notification emails: the one-click unsubscribe link shown under the card. */
  unsubscribe?: { label: string; url: string };
  /** Why the email was sent (under the card). */
  reason?: string;
};

function render({ preheader, greeting, paragraphs, action, footnote, unsubscribe, reason }: Layout): {
  text: string;
  html: string;
} {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${action.label}: ${action.url}`,
    '',
    footnote,
    '',
    `— ${PRODUCT}`,
    ...(unsubscribe ? ['', `${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ].join('\n');
  const why = reason ?? `You received this email because of activity on your ${PRODUCT} account.`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(PRODUCT)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-size:20px;font-weight:700;color:#1d4ed8;margin-bottom:24px">&#10022; ${escapeHtml(PRODUCT)}</div>
<div style="background:#ffffff;border:1px solid #e4e7eb;border-radius:12px;padding:32px">
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:24px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#52606d">If the button does not work, paste this address into your browser:</p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#1d4ed8">${escapeHtml(action.url)}</a></p>
<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:#52606d">${escapeHtml(footnote)}</p>
</div>
<p style="margin:24px 0 0;font-size:12px;line-height:18px;color:#7b8794;text-align:center">${escapeHtml(why)}</p>
${unsubscribe ? `<p style="margin:8px 0 0;font-size:12px;line-height:18px;color:#7b8794;text-align:center"><a href="${escapeHtml(unsubscribe.url)}" style="color:#52606d">${escapeHtml(unsubscribe.label)}</a></p>` : ''}
</div>
</body>
</html>`;
  return { text, html };
}

function greetingFor(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first ? `Hi ${first},` : 'Hi,';
}

export function verificationEmail(input: { name: string; url: string }): EmailContent {
  return {
    subject: `Confirm your email for ${PRODUCT}`,
    ...render({
      preheader: 'One click to confirm your email address.',
      greeting: greetingFor(input.name),
      paragraphs: [
        `Welcome to ${PRODUCT}. Please confirm that this is your email address, so you can recover your account if you ever lose your password.`,
      ],
      action: { label: 'Confirm email address', url: input.url },
      footnote:
        'This link works once and expires in 24 hours. If you did not create an account, ignore this email.',
    }),
  };
}

export function passwordResetEmail(input: { name: string; url: string }): EmailContent {
  return {
    subject: `Reset your ${PRODUCT} password`,
    ...render({
      preheader: 'A link to choose a new password.',
      greeting: greetingFor(input.name),
      paragraphs: [
        'Someone asked to reset the password of your account. If it was you, choose a new password with the button below. Every device signed in to your account will be signed out.',
      ],
      action: { label: 'Choose a new password', url: input.url },
      footnote:
        'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
    }),
  };
}

/**
 * Sent instead of a second account when someone signs up with an address that already has one: the
 * sign-up screen answers the same either way (ADR 013), so only the owner learns of the attempt.
 */
export function existingAccountSignUpEmail(input: {
  name: string;
  signInUrl: string;
  resetUrl: string;
}): EmailContent {
  return {
    subject: `Someone tried to create a ${PRODUCT} account with your email`,
    ...render({
      preheader: 'You already have an account: sign in instead.',
      greeting: greetingFor(input.name),
      paragraphs: [
        `Someone tried to create a ${PRODUCT} account with this email address. You already have one, so no second account was created and nothing about your account changed.`,
        `If it was you, sign in with the button below. Forgot your password? Choose a new one here: ${input.resetUrl}`,
      ],
      action: { label: 'Sign in', url: input.signInUrl },
      footnote:
        'If it was not you, you can ignore this email: nobody can use your account without your password.',
    }),
  };
}

/**
 * A notification (docs/settings-api.md "Notifications"): the lines of its content, a button into the
 * app, and, for every kind but security alerts, an unsubscribe link for that kind.
 */
export function notificationEmail(input: {
  name: string;
  subject: string;
  lines: string[];
  url: string;
  unsubscribeUrl: string | undefined;
}): EmailContent {
  return {
    subject: input.subject,
    ...render({
      preheader: input.lines[0] ?? input.subject,
      greeting: greetingFor(input.name),
      paragraphs: input.lines,
      action: { label: `Open ${PRODUCT}`, url: input.url },
      footnote: 'Choose which notifications you get, and how often, in Settings → Notifications.',
      reason: `You received this email because notifications are turned on for your ${PRODUCT} account.`,
      ...(input.unsubscribeUrl
        ? { unsubscribe: { label: 'Unsubscribe from these emails', url: input.unsubscribeUrl } }
        : {}),
    }),
  };
}

/** An endpoint that kept failing was turned off (ADR 040). */
export function webhookDisabledEmail(input: {
  name: string;
  endpoint: string;
  failures: number;
  url: string;
}): EmailContent {
  const { text, html } = render({
    preheader: `Webhook deliveries to ${input.endpoint} stopped`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `Deliveries to your webhook endpoint at ${input.endpoint} failed ${input.failures} times in a row, so it has been turned off and nothing more is sent to it.`,
      'When the receiver works again, turn the endpoint back on in Settings → Developer; its delivery log shows the status codes it answered.',
    ],
    action: { label: 'Open Settings → Developer', url: input.url },
    footnote: 'Events that happen while the endpoint is off are not sent later.',
  });
  return { subject: 'A webhook endpoint was turned off', text, html };
}

/** An invitation into someone's household (ADR 038): read-only or read & write, valid `days` days. */
export function householdInvitationEmail(input: {
  ownerName: string;
  access: 'read' | 'write';
  url: string;
  days: number;
}): EmailContent {
  const owner = input.ownerName.trim() || 'Someone';
  return {
    subject: `${owner} invited you to their ${PRODUCT} household`,
    ...render({
      preheader: `See ${owner}'s finances in ${PRODUCT}.`,
      greeting: 'Hi,',
      paragraphs: [
        `${owner} invited you to their household in ${PRODUCT}: you will see their accounts, transactions and figures${
          input.access === 'read'
            ? ', without changing anything'
            : ', and may change them (never their settings)'
        }.`,
        `Sign in, or create an account, with this email address, then accept. The link works for ${input.days} days.`,
      ],
      action: { label: 'Accept the invitation', url: input.url },
      footnote: 'If you did not expect this, ignore this email: nothing happens unless you accept.',
    }),
  };
}
