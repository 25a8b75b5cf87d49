// Every route of SPEC.md section 2. Pages load lazily; the landing page ships with start.tsx.
import { lazy, type ReactNode, Suspense } from "react";
import { Route, Switch } from "wouter";
import { ROUTES } from "../shared/routes";
import { FullPageSpinner } from "./components/ui/spinner";
import { ProtectedRoute } from "./features/auth/ProtectedRoute";
import { DashboardLayout } from "./features/layout/DashboardLayout";
import LandingPage from "./pages/LandingPage";
import NotFoundPage from "./pages/NotFoundPage";

const AuthPage = lazy(() => import("./pages/AuthPage"));
const AuthSuccessPage = lazy(() => import("./pages/AuthSuccessPage"));
const EmailChangePage = lazy(() => import("./pages/EmailChangePage"));
const EmailConfirmedPage = lazy(() => import("./pages/EmailConfirmedPage"));
const ResetPasswordPage = lazy(() => import("./pages/ResetPasswordPage"));
const LegalPage = lazy(() => import("./pages/LegalPage"));
const DashboardPage = lazy(() => import("./pages/DashboardPage"));
const CreateStoryPage = lazy(() => import("./pages/CreateStoryPage"));
const DiscoverPage = lazy(() => import("./pages/DiscoverPage"));
const EditorPage = lazy(() => import("./pages/EditorPage"));
const ReaderPage = lazy(() => import("./pages/ReaderPage"));
const DetailsPage = lazy(() => import("./pages/DetailsPage"));
const UpgradePage = lazy(() => import("./pages/UpgradePage"));
const SettingsPage = lazy(() => import("./pages/SettingsPage"));
const NotificationsPage = lazy(() => import("./pages/NotificationsPage"));
const HistoryPage = lazy(() => import("./pages/HistoryPage"));
const CanonPage = lazy(() => import("./pages/CanonPage"));
const ReportPage = lazy(() => import("./pages/ReportPage"));
const ModerationPage = lazy(() => import("./pages/ModerationPage"));

/** Every /dashboard page: signed-in only, framed by the sidebar layout. */
function Protected({ children }: { children: ReactNode }) {
  return (
    <ProtectedRoute>
      <DashboardLayout>{children}</DashboardLayout>
    </ProtectedRoute>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path={ROUTES.landing} component={LandingPage} />
        <Route path={ROUTES.auth} component={AuthPage} />
        <Route path={ROUTES.authSuccess} component={AuthSuccessPage} />
        <Route path={ROUTES.emailConfirmed} component={EmailConfirmedPage} />
        <Route path={ROUTES.emailChange} component={EmailChangePage} />
        <Route path={ROUTES.resetPassword} component={ResetPasswordPage} />
        <Route path={ROUTES.privacy}>{() => <LegalPage kind="privacy" />}</Route>
        <Route path={ROUTES.terms}>{() => <LegalPage kind="terms" />}</Route>
        <Route path={ROUTES.dashboard}>
          <Protected>
            <DashboardPage />
          </Protected>
        </Route>
        <Route path={ROUTES.create}>
          <Protected>
            <CreateStoryPage />
          </Protected>
        </Route>
        <Route path={ROUTES.discover}>
          <Protected>
            <DiscoverPage />
          </Protected>
        </Route>
        <Route path={ROUTES.read(":id")}>
          {(params) => (
            <Protected>
              <ReaderPage id={params.id} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.details(":id")}>
          {(params) => (
            <Protected>
              <DetailsPage id={params.id} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.story(":id")}>
          {(params) => (
            <Protected>
              <EditorPage id={params.id} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.upgrade}>
          <Protected>
            <UpgradePage />
          </Protected>
        </Route>
        <Route path={ROUTES.notifications}>
          <Protected>
            <NotificationsPage />
          </Protected>
        </Route>
        <Route path={ROUTES.settings}>
          <Protected>
            <SettingsPage />
          </Protected>
        </Route>
        <Route path={ROUTES.moderation}>
          <Protected>
            <ModerationPage />
          </Protected>
        </Route>
        <Route path={ROUTES.history}>
          <Protected>
            <HistoryPage />
          </Protected>
        </Route>
        <Route path={ROUTES.canon}>
          <Protected>
            <CanonPage />
          </Protected>
        </Route>
        <Route path={ROUTES.reportPattern}>
          <Protected>
            <ReportPage />
          </Protected>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
