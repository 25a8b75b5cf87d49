// Protected routes: a spinner while the user loads, /auth when nobody is signed in.
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { FullPageSpinner } from "../../components/ui/spinner";
import { useAuth } from "./auth-context";

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to={ROUTES.auth} replace />;
  return <>{children}</>;
}
