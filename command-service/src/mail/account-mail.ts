import type { Mail } from '@circuit/shared/ports/mailer';

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#312e81;margin-top:0">${escape(title)}</h1>${body}
<p style="color:#6b7280;font-size:12px">If you did not ask for this, you can ignore this e-mail.</p></div></body></html>`;
}

export function verificationCodeMail(to: string, firstName: string, code: string): Mail {
  return {
    to,
    subject: 'Your Circuit verification code',
    text: `Hi ${firstName},\n\nYour verification code is ${code}. It expires in 10 minutes.\n\n— Circuit`,
    html: layout('Verify your email', `<p>Hi ${escape(firstName)},</p><p>Your verification code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p><p>It expires in 10 minutes.</p>`),
  };
}

export function signInCodeMail(to: string, firstName: string, code: string): Mail {
  return {
    to,
    subject: 'Your Circuit sign-in code',
    text: `Hi ${firstName},\n\nYour sign-in code is ${code}. It expires in 10 minutes.\n\n— Circuit`,
    html: layout('Sign in to Circuit', `<p>Hi ${escape(firstName)},</p><p>Your sign-in code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p><p>It expires in 10 minutes.</p>`),
  };
}

export function erasureCodeMail(to: string, firstName: string, code: string): Mail {
  return {
    to,
    subject: 'Your code to delete your Circuit account',
    text: `Hi ${firstName},\n\nYour code to delete your Circuit account is ${code}. It expires in 10 minutes.\n\nDeleting your account cannot be undone. If you did not ask for this, ignore this e-mail: your account stays as it is.\n\n— Circuit`,
    html: layout('Delete your account', `<p>Hi ${escape(firstName)},</p><p>Your code to delete your Circuit account is</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p><p>It expires in 10 minutes. Deleting your account cannot be undone.</p>`),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Circuit password',
    text: `Hi ${firstName},\n\nReset your password with this link (valid for 10 minutes, usable once):\n${link}\n\n— Circuit`,
    html: layout('Reset your password', `<p>Hi ${escape(firstName)},</p><p><a href="${escape(link)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Reset password</a></p><p>Or open ${escape(link)}. The link is valid for 10 minutes and works once.</p>`),
  };
}
