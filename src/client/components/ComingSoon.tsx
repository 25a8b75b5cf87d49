// Shown by a page whose issue has not landed yet, so no route is a dead end meanwhile.
import { Construction } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../shared/routes";
import { Button } from "./ui/button";

export function ComingSoon({ title }: { title: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-brand-50/40 p-6 text-center">
      <Construction className="h-10 w-10 text-brand-600" aria-hidden />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="max-w-md text-slate-600">This part of FicForge is coming soon.</p>
      <Button asChild variant="outline">
        <Link href={ROUTES.landing}>Back to home</Link>
      </Button>
    </main>
  );
}
