// Protected routes: a spinner while the user loads, /auth when nobody is signed in.
import { type ReactNode, useDeferredValue } from "react";
import { Redirect } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { FullPageSpinner } from "../../components/ui/spinner";
import { useAuth } from "./auth-context";

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const auth = useAuth();
  // NOTE: the user's answer arrives as a query update, which React renders in one piece; deferred, the whole page's
  // first render (the sidebar and the page under it) happens in a transition that React slices into short tasks, so
  // a phone's main thread is never blocked for the length of that render.
  const { user, isLoading } = useDeferredValue(auth);
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to={ROUTES.auth} replace />;
  return <>{children}</>;
}
