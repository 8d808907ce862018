import { tokenStatus, type Pool, type TokenPurpose } from '@shop/infra';
import { HttpError } from '@shop/http-shell';

type Refusal = 'used' | 'expired' | 'unknown';

/** What to tell someone whose link cannot be used, by kind of link and by what became of it (issue 39). */
const words: Record<TokenPurpose, Record<Refusal, string>> = {
  profile_completion: {
    used: 'This registration link has already been used. Log in to see your project.',
    expired: 'This registration link has expired (links last 30 days). Save your project again to get a new one.',
    unknown: 'We do not know this registration link. Check that you opened the whole link from the e-mail.',
  },
  activation: {
    used: 'This activation link has already been used: your account is active. Please log in.',
    expired: 'This activation link has expired (links last 7 days). Ask for a new one below.',
    unknown: 'We do not know this activation link. Check that you opened the whole link from the e-mail, or ask for a new one below.',
  },
  password_reset: {
    used: 'This password reset link has already been used. Ask for a new one if you need to reset your password again.',
    expired: 'This password reset link has expired (links last an hour). Please ask for a new one.',
    unknown: 'We do not know this password reset link. Check that you opened the whole link from the e-mail.',
  },
};

/** The words for a link that could not be used, looked up after the fact (outside any transaction that failed). */
export async function linkRefusal(pool: Pool, purpose: TokenPurpose, token: string, now: Date): Promise<string> {
  const status = await tokenStatus(pool, purpose, token, now);
  return words[purpose][status === 'valid' ? 'unknown' : status];
}

/** A 400 on the link's field with those words (writes); reads answer 404 with the same words. */
export async function refusedLink(pool: Pool, purpose: TokenPurpose, token: string, now: Date, field: string): Promise<HttpError> {
  const message = await linkRefusal(pool, purpose, token, now);
  return new HttpError(400, message, [{ field, message }]);
}
