/** Every URL of SPEC §2 in one place. */
export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  referralSignup: '/referral_signup',
} as const;
