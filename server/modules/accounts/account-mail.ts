import type { Mail } from '../mail/mailer.ts';

export function resetPasswordMail(user: { name: string; email: string }, url: string): Mail {
  return {
    to: user.email,
    subject: 'Reset your PracticePass password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your PracticePass account. To choose a new password, open this link within one hour:',
      '',
      url,
      '',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
      '',
      'PracticePass',
    ].join('\n'),
  };
}
