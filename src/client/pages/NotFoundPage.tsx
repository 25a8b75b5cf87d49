import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../shared/routes";
import { Button } from "../components/ui/button";

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-brand-50/40 p-4">
      <div className="w-full max-w-md rounded-2xl border border-brand-100 bg-white p-8 shadow-sm">
        <div className="mb-4 flex items-center gap-2">
          <AlertCircle className="h-8 w-8 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-ink">404 Page Not Found</h1>
        </div>
        <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href={ROUTES.landing}>Go to the home page</Link>
        </Button>
      </div>
    </main>
  );
}
