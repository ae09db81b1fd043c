import type { Mail } from '../mail/mailer.ts';

/** The greeting carries no name: anyone can register an address under a name of their choosing. */
export function resetPasswordMail(user: { email: string }, url: string): Mail {
  return {
    to: user.email,
    subject: 'Reset your PracticePass password',
    text: [
      'Hello,',
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
