// The last line of defence: a render error anywhere in the app, or a page's code that cannot be loaded (a tab opened
// before a new version was deployed asks for a file the new build no longer has), shows a way out instead of a blank
// page. start.tsx also reloads once by itself when a script fails to load (VITE_PRELOAD_RELOADED). React reports the
// error itself (the root's default onCaughtError logs it).
import { AlertCircle } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "./ui/button";

export const ERROR_SCREEN_TITLE = "Something went wrong";
export const ERROR_SCREEN_TEXT = "This page could not be shown. Reloading usually fixes it; nothing you saved is lost.";

export class ErrorScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-screen w-full items-center justify-center bg-brand-50/40 p-4">
        <div className="w-full max-w-md rounded-2xl border border-brand-100 bg-white p-8 shadow-sm">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-red-500" aria-hidden />
            <h1 className="text-2xl font-bold text-ink">{ERROR_SCREEN_TITLE}</h1>
          </div>
          <p className="text-sm text-slate-600">{ERROR_SCREEN_TEXT}</p>
          <Button className="mt-6" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      </main>
    );
  }
}
