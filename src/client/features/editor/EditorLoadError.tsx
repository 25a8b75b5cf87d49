// A story that fails to load shows 'Error loading story', the reason, and a way back.
import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";

export function EditorLoadError({ error }: { error: unknown }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <AlertCircle className="h-10 w-10 text-red-500" aria-hidden />
      <h1 className="text-2xl font-bold text-ink">Error loading story</h1>
      <p className="max-w-md text-slate-600">{errorMessage(error, "Something went wrong")}</p>
      <Button asChild>
        <Link href={ROUTES.dashboard}>Go to Dashboard</Link>
      </Button>
    </div>
  );
}
