// Every route of the app (shared/routes.ts). Pages load lazily; the landing page ships with start.tsx.
import { type ReactNode, Suspense, startTransition, useCallback, useEffect, useState } from "react";
import { Route, Switch } from "wouter";
import { ROUTES } from "../shared/routes";
import { FullPageSpinner } from "./components/ui/spinner";
import { ProtectedRoute } from "./features/auth/ProtectedRoute";
import { DashboardLayout } from "./features/layout/DashboardLayout";
import { preloadable } from "./lib/preloadable";
import { queryClient } from "./lib/query-client";
import { queryKeys } from "./lib/query-keys";
import LandingPage from "./pages/LandingPage";
import NotFoundPage from "./pages/NotFoundPage";

const AuthPage = preloadable(() => import("./pages/AuthPage"));
const AuthSuccessPage = preloadable(() => import("./pages/AuthSuccessPage"));
const EmailChangePage = preloadable(() => import("./pages/EmailChangePage"));
const EmailConfirmedPage = preloadable(() => import("./pages/EmailConfirmedPage"));
const ResetPasswordPage = preloadable(() => import("./pages/ResetPasswordPage"));
const LegalPage = preloadable(() => import("./pages/LegalPage"));
const DashboardPage = preloadable(() => import("./pages/DashboardPage"));
const CreateStoryPage = preloadable(() => import("./pages/CreateStoryPage"));
const DiscoverPage = preloadable(() => import("./pages/DiscoverPage"));
const EditorPage = preloadable(() => import("./pages/EditorPage"));
const EditorPreview = preloadable(() => import("./features/editor/EditorPreview"));
const ReaderPage = preloadable(() => import("./pages/ReaderPage"));
const DetailsPage = preloadable(() => import("./pages/DetailsPage"));
const UpgradePage = preloadable(() => import("./pages/UpgradePage"));
const SettingsPage = preloadable(() => import("./pages/SettingsPage"));
const NotificationsPage = preloadable(() => import("./pages/NotificationsPage"));
const HistoryPage = preloadable(() => import("./pages/HistoryPage"));
const SavedStoriesPage = preloadable(() => import("./pages/SavedStoriesPage"));
const CanonPage = preloadable(() => import("./pages/CanonPage"));
const SeriesListPage = preloadable(() => import("./pages/SeriesListPage"));
const SeriesEditPage = preloadable(() => import("./pages/SeriesEditPage"));
const PromptMemePage = preloadable(() => import("./pages/PromptMemePage"));
const ExchangePage = preloadable(() => import("./pages/ExchangePage"));
const ExchangeManagePage = preloadable(() => import("./pages/ExchangeManagePage"));
const MyAssignmentsPage = preloadable(() => import("./pages/MyAssignmentsPage"));
const CollectionsPage = preloadable(() => import("./pages/CollectionsPage"));
const CollectionManagePage = preloadable(() => import("./pages/CollectionManagePage"));
const ReportPage = preloadable(() => import("./pages/ReportPage"));
const ModerationPage = preloadable(() => import("./pages/ModerationPage"));
const WranglingPage = preloadable(() => import("./pages/WranglingPage"));

/** The pages a cold load most often opens, fetched as the app starts instead of once the signed-in user has
 * arrived (the route renders only then): on the editor that took the page's chunk off the critical path. */
const FIRST_PAGES = [
  [/^\/dashboard\/story\/[^/]+\/read\/?$/, ReaderPage],
  [/^\/dashboard\/story\/[^/]+\/details\/?$/, DetailsPage],
  [/^\/dashboard\/?$/, DashboardPage],
  [/^\/dashboard\/discover\/?$/, DiscoverPage],
  [/^\/auth\/?$/, AuthPage],
] as const;

const EDITOR_PATH = /^\/dashboard\/story\/(\d+)\/?$/;

/** Starts fetching what the page at `path` opens with; `signedIn` from the signed-in hint. */
export function preloadPageFor(path: string, signedIn: boolean): void {
  const storyId = EDITOR_PATH.exec(path)?.[1];
  if (!storyId) {
    for (const [pattern, page] of FIRST_PAGES) if (pattern.test(path)) void page.preload();
    return;
  }
  // The editor: the story (cached as the page would cache it) and the preview's small chunk first. The editor's own
  // forty-odd chunks follow once they are in: asked for at once, they held all six of the browser's connections to
  // the server while the story and the signed-in user's request waited behind them.
  const first = [
    EditorPreview.preload(),
    signedIn && queryClient.prefetchQuery({ queryKey: queryKeys.story(storyId) }),
  ];
  void Promise.allSettled(first).then(() => EditorPage.preload());
}

/**
 * The editor: the stored text first, read-only (EditorPreview), then the editor in its place once its chunk is here
 * and that text has been painted, so a long story is on screen before ProseMirror has built it (decision 0047).
 */
function EditorRoute({ id }: { id: string }) {
  const [previewShown, setPreviewShown] = useState(false);
  const [editorReady, setEditorReady] = useState(false);
  const shown = useCallback(() => setPreviewShown(true), []);
  useEffect(() => {
    if (!previewShown) return;
    let live = true;
    // A chunk that failed to load is rendered anyway, so its error reaches the page as any page's would.
    // NOTE: a transition, so React renders the editor's page in slices of a few milliseconds while the preview stays
    // on screen, instead of one long task (decision 0060).
    const ready = () => live && startTransition(() => setEditorReady(true));
    EditorPage.preload().then(ready, ready);
    return () => {
      live = false;
    };
  }, [previewShown]);
  return editorReady ? <EditorPage id={id} /> : <EditorPreview id={id} onShown={shown} />;
}

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
              <EditorRoute key={params.id} id={params.id} />
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
        <Route path={ROUTES.wrangling}>
          <Protected>
            <WranglingPage />
          </Protected>
        </Route>
        <Route path={ROUTES.history}>
          <Protected>
            <HistoryPage />
          </Protected>
        </Route>
        <Route path={ROUTES.savedStories}>
          <Protected>
            <SavedStoriesPage />
          </Protected>
        </Route>
        <Route path={ROUTES.canon}>
          <Protected>
            <CanonPage />
          </Protected>
        </Route>
        <Route path={ROUTES.seriesList}>
          <Protected>
            <SeriesListPage />
          </Protected>
        </Route>
        <Route path={ROUTES.collections}>
          <Protected>
            <CollectionsPage />
          </Protected>
        </Route>
        <Route path={ROUTES.collectionManage(":name")}>
          {(params) => (
            <Protected>
              <CollectionManagePage name={params.name} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.seriesEdit(":id")}>
          {(params) => (
            <Protected>
              <SeriesEditPage id={params.id} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.promptMeme(":name")}>
          {(params) => (
            <Protected>
              <PromptMemePage name={params.name} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.exchange(":name")}>
          {(params) => (
            <Protected>
              <ExchangePage name={params.name} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.exchangeManage(":name")}>
          {(params) => (
            <Protected>
              <ExchangeManagePage name={params.name} />
            </Protected>
          )}
        </Route>
        <Route path={ROUTES.myAssignments}>
          <Protected>
            <MyAssignmentsPage />
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
