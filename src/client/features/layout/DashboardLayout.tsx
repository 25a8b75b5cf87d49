// The frame of every /dashboard page: the sidebar beside the page. The page suspends on its own,
// so the sidebar stays put while a lazily loaded page arrives.
import { type ReactNode, Suspense } from "react";
import { Spinner } from "../../components/ui/spinner";
import { Sidebar } from "./Sidebar";
import { SidebarStateProvider } from "./sidebar-state";

export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <SidebarStateProvider>
      <div className="flex min-h-screen bg-brand-50/30">
        <Sidebar />
        <main className="min-w-0 flex-1">
          <Suspense
            fallback={
              <div className="flex min-h-screen items-center justify-center">
                <Spinner className="h-8 w-8 text-brand-600" />
              </div>
            }
          >
            {children}
          </Suspense>
        </main>
      </div>
    </SidebarStateProvider>
  );
}
