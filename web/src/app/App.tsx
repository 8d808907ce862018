import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useSessionStore } from '../lib/session/session-store';
import { RequireStaff, RequireUser } from './guards';
import { BareLayout, Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { paths } from '../lib/paths';
import { createQueryClient } from '../lib/query-client';
import { LiveUpdates } from '../features/live/components/LiveUpdates';
import * as Page from './routes';

/** Every route of SPEC §2 (history mode). All but signup and referral signup use the common layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route path={paths.signup} element={<Page.SignupPage />} />
        <Route path={paths.referralSignup} element={<Page.ReferralSignupPage />} />
      </Route>
      <Route element={<Layout />}>
        <Route path={paths.landing} element={<Page.LandingPage />} />
        <Route path={paths.login} element={<Page.LoginPage />} />
        <Route path={paths.passwordReset} element={<Page.PasswordResetPage />} />
        <Route path={paths.forgotPassword} element={<Page.ForgotPasswordPage />} />
        <Route path={paths.activation} element={<Page.ActivationPage />} />
        <Route path={paths.profileCompletion} element={<Page.ProfileCompletionPage />} />
        <Route path={paths.account} element={<RequireUser><Page.AccountPage /><Page.PrivacySection /></RequireUser>} />
        <Route path={paths.projects} element={<RequireUser><Page.ProjectListPage /></RequireUser>} />
        {/* The editor decides guest access itself (SPEC §2), so these are not wrapped. */}
        <Route path={paths.projectCreate} element={<Page.ProjectCreatePage />} />
        <Route path={paths.projectSummary} element={<Page.ProjectSummaryPage />} />
        <Route path={paths.projectEdit} element={<Page.ProjectEditorPage />} />
        <Route path={paths.checkout} element={<RequireUser><Page.CheckoutPage /></RequireUser>} />
        <Route path={paths.internalProjects} element={<RequireStaff><Page.InternalProjectListPage /></RequireStaff>} />
        <Route path={paths.internalProject} element={<RequireStaff><Page.InternalProjectDetailPage /></RequireStaff>} />
        <Route path={paths.internalProjectPdf} element={<RequireStaff><Page.InternalProjectPdfPage /></RequireStaff>} />
        <Route path={paths.internalReporting} element={<RequireStaff><Page.ReportingPage /></RequireStaff>} />
        <Route path={paths.internalTransfer} element={<RequireStaff><Page.TransferPage /></RequireStaff>} />
        <Route path={paths.internalOrganizations} element={<RequireStaff><Page.OrganizationListPage /></RequireStaff>} />
        <Route path={paths.internalOrganization} element={<RequireStaff><Page.OrganizationDetailPage /></RequireStaff>} />
        <Route path={paths.internalNotifications} element={<RequireStaff><Page.NotificationsManagerPage /></RequireStaff>} />
        <Route path={paths.internalPrivacy} element={<RequireStaff><Page.EraseUserPage /></RequireStaff>} />
        <Route path={paths.internalHealth} element={<RequireStaff><Page.ProjectionHealthPage /></RequireStaff>} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App() {
  const loadSession = useSessionStore((s) => s.load);
  useEffect(() => {
    void loadSession();
  }, [loadSession]);
  const [queryClient] = useState(createQueryClient);
  // Cached reads belong to the person who made them: another user (or none) starts with an empty cache.
  // Reset rather than clear: a query already on screen (the first load's session arriving while the
  // page's read is in flight) is read again for the new user instead of being left pending forever.
  useEffect(
    () =>
      useSessionStore.subscribe((session, previous) => {
        if (session.user.user_id !== previous.user.user_id) void queryClient.resetQueries();
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
