/** Every URL of SPEC §2 in one place (history mode), plus builders for the ones with ids. */
export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  referralSignup: '/referral_signup',
  passwordReset: '/password-reset',
  forgotPassword: '/forgot-password',
  activation: '/activation/:token',
  profileCompletion: '/profile-completion/:token',
  account: '/account',
  projects: '/projects',
  projectCreate: '/projects/editor/',
  projectSummary: '/projects/editor/:id',
  projectEdit: '/projects/editor/:id/edit',
  checkout: '/invoice/:id',
  internalProjects: '/internal/projects/',
  internalProject: '/internal/projects/:id',
  internalProjectPdf: '/internal/projects/:id/pdf',
  internalReporting: '/internal/reporting/',
  internalTransfer: '/internal/transfer/',
  internalOrganizations: '/internal/organizations/',
  internalOrganization: '/internal/organizations/:id',
  /** Not in SPEC §2: the staff notifications manager (issue 7). */
  internalNotifications: '/internal/notifications/',
  /** Not in SPEC §2: staff erase a user's personal data (issue 16). */
  internalPrivacy: '/internal/privacy/',
  /** Not in SPEC §2: read-model lag and parked streams (issue 12, decision 0111). */
  internalHealth: '/internal/health/',
} as const;

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Concrete URLs for links. */
export const to = {
  activation: (token: string) => `/activation/${seg(token)}`,
  profileCompletion: (token: string) => `/profile-completion/${seg(token)}`,
  projectSummary: (id: string | number) => `/projects/editor/${seg(id)}`,
  projectEdit: (id: string | number) => `/projects/editor/${seg(id)}/edit`,
  checkout: (id: string | number) => `/invoice/${seg(id)}`,
  internalProject: (id: string | number) => `/internal/projects/${seg(id)}`,
  internalProjectPdf: (id: string | number) => `/internal/projects/${seg(id)}/pdf`,
  internalOrganization: (id: string | number) => `/internal/organizations/${seg(id)}`,
};

/**
 * External links of the header. Their addresses are not in the spec: set them at build time with
 * VITE_FAQ_URL and VITE_ANALYTICS_URL. Unset (or blank), the link is hidden rather than pointing
 * at a placeholder.
 */
export const externalLinks = {
  faq: configuredUrl(import.meta.env.VITE_FAQ_URL),
  analytics: configuredUrl(import.meta.env.VITE_ANALYTICS_URL),
};

/** The address when one is set, else undefined (the caller hides the link). */
export function configuredUrl(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
