import { lazyPage } from './lazy-page';

// One lazily loaded chunk per feature page (SPEC §2). Only the app shell is in the entry chunk.
export const LandingPage = lazyPage(() => import('../features/landing/components/LandingPage'), 'LandingPage');

export const LoginPage = lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage');
export const SignupPage = lazyPage(() => import('../features/auth/components/SignupPage'), 'SignupPage');
export const ReferralSignupPage = lazyPage(() => import('../features/auth/components/SignupPage'), 'ReferralSignupPage');
export const PasswordResetPage = lazyPage(() => import('../features/auth/components/PasswordResetPage'), 'PasswordResetPage');
export const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage');
export const ActivationPage = lazyPage(() => import('../features/auth/components/ActivationPage'), 'ActivationPage');
export const ProfileCompletionPage = lazyPage(() => import('../features/auth/components/ProfileCompletionPage'), 'ProfileCompletionPage');
export const AccountPage = lazyPage(() => import('../features/auth/components/AccountPage'), 'AccountPage');

export const ProjectListPage = lazyPage(() => import('../features/projects/components/ProjectListPage'), 'ProjectListPage');
export const ProjectCreatePlaceholder = lazyPage(() => import('../features/projects/components/placeholders'), 'ProjectCreatePlaceholder');
export const ProjectSummaryPlaceholder = lazyPage(() => import('../features/projects/components/placeholders'), 'ProjectSummaryPlaceholder');
export const ProjectEditorPlaceholder = lazyPage(() => import('../features/projects/components/placeholders'), 'ProjectEditorPlaceholder');
export const CheckoutPlaceholder = lazyPage(() => import('../features/checkout/components/CheckoutPlaceholder'), 'CheckoutPlaceholder');

export const InternalProjectListPage = lazyPage(() => import('../features/internal-projects/components/InternalProjectListPage'), 'InternalProjectListPage');
export const InternalProjectDetailPlaceholder = lazyPage(() => import('../features/internal-projects/components/placeholders'), 'InternalProjectDetailPlaceholder');
export const InternalProjectPdfPlaceholder = lazyPage(() => import('../features/internal-projects/components/placeholders'), 'InternalProjectPdfPlaceholder');
export const ReportingPage = lazyPage(() => import('../features/reporting/components/ReportingPage'), 'ReportingPage');
export const TransferPage = lazyPage(() => import('../features/transfer/components/TransferPage'), 'TransferPage');
export const OrganizationListPage = lazyPage(() => import('../features/organizations/components/OrganizationListPage'), 'OrganizationListPage');
export const OrganizationDetailPage = lazyPage(() => import('../features/organizations/components/OrganizationDetailPage'), 'OrganizationDetailPage');
export const NotificationsManagerPage = lazyPage(() => import('../features/notifications-admin/components/NotificationsManagerPage'), 'NotificationsManagerPage');
