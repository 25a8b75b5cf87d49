// The whole app: data, tooltips, the signed-in user, every route and the toasts. start.tsx loads it lazily,
// so a visitor of the prerendered landing page downloads none of it until they leave that page.
// First: zod must be jitless before any schema parses (decision 0061).
import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { AuthProvider } from "./features/auth/auth-context";
import { readSignedInHint } from "./features/auth/signed-in-hint";
import { registerServiceWorker } from "./features/offline/register-service-worker";
import { queryClient } from "./lib/query-client";
import { AppRoutes, preloadPageFor } from "./routes";
import "./styles.css";

// The page this load opens starts downloading now, beside the signed-in user's request, not after it.
preloadPageFor(window.location.pathname, readSignedInHint());
// Issue 31: the app installs and opens offline (features/offline).
registerServiceWorker();

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AuthProvider>
          <AppRoutes />
          <Toaster />
        </AuthProvider>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
