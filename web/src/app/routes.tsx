import { lazyPage } from './lazy-page';

// One lazily loaded chunk per feature page (SPEC §2). The entry chunk holds the app shell and the
// two pages a first visit most often opens, the storefront and login (about 4 KB gzip together):
// lazy, each cost a second round trip before anything but the header painted (docs/decisions/0251).
export { LandingPage } from '../features/landing/components/LandingPage';
export { LoginPage } from '../features/auth/components/LoginPage';

export const SignupPage = lazyPage(() => import('../features/auth/components/SignupPage'), 'SignupPage');
export const ReferralSignupPage = lazyPage(() => import('../features/auth/components/SignupPage'), 'ReferralSignupPage');
export const PasswordResetPage = lazyPage(() => import('../features/auth/components/PasswordResetPage'), 'PasswordResetPage');
export const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage');
export const ActivationPage = lazyPage(() => import('../features/auth/components/ActivationPage'), 'ActivationPage');
export const ProfileCompletionPage = lazyPage(() => import('../features/auth/components/ProfileCompletionPage'), 'ProfileCompletionPage');
export const AccountPage = lazyPage(() => import('../features/auth/components/AccountPage'), 'AccountPage');

export const ProjectListPage = lazyPage(() => import('../features/projects/components/ProjectListPage'), 'ProjectListPage');
export const ProjectCreatePage = lazyPage(() => import('../features/projects/components/ProjectEditorPage'), 'ProjectCreatePage');
export const ProjectSummaryPage = lazyPage(() => import('../features/projects/components/ProjectSummaryPage'), 'ProjectSummaryPage');
export const ProjectEditorPage = lazyPage(() => import('../features/projects/components/ProjectEditorPage'), 'ProjectEditorPage');
export const CheckoutPage = lazyPage(() => import('../features/checkout/components/CheckoutPage'), 'CheckoutPage');

export const InternalProjectListPage = lazyPage(() => import('../features/internal-projects/components/InternalProjectListPage'), 'InternalProjectListPage');
export const InternalProjectDetailPage = lazyPage(() => import('../features/internal-projects/components/InternalProjectDetailPage'), 'InternalProjectDetailPage');
export const InternalProjectPdfPage = lazyPage(() => import('../features/internal-projects/components/InternalProjectPdfPage'), 'InternalProjectPdfPage');
export const ReportingPage = lazyPage(() => import('../features/reporting/components/ReportingPage'), 'ReportingPage');
export const TransferPage = lazyPage(() => import('../features/transfer/components/TransferPage'), 'TransferPage');
export const OrganizationListPage = lazyPage(() => import('../features/organizations/components/OrganizationListPage'), 'OrganizationListPage');
export const OrganizationDetailPage = lazyPage(() => import('../features/organizations/components/OrganizationDetailPage'), 'OrganizationDetailPage');
export const NotificationsManagerPage = lazyPage(() => import('../features/notifications-admin/components/NotificationsManagerPage'), 'NotificationsManagerPage');
export const PrivacySection = lazyPage(() => import('../features/privacy/components/PrivacySection'), 'PrivacySection');
export const EraseUserPage = lazyPage(() => import('../features/privacy/components/EraseUserPage'), 'EraseUserPage');
export const ProjectionHealthPage = lazyPage(() => import('../features/health/components/ProjectionHealthPage'), 'ProjectionHealthPage');
