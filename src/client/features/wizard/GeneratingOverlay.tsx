// The full-screen wait while the story is created (and, later, its first chapter written).
import { Sparkles } from "lucide-react";
import { Spinner } from "../../components/ui/spinner";

export function GeneratingOverlay() {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="generating-title"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-ink/80 p-6 text-center text-white backdrop-blur-sm"
    >
      <Sparkles className="h-10 w-10 text-pink-300" aria-hidden />
      <Spinner className="h-8 w-8 text-white" label="Creating your story" />
      <h2 id="generating-title" className="text-xl font-semibold">
        First chapter is being generated...
      </h2>
      <p className="max-w-md text-sm text-white/80">
        Tip: You'll be able to edit or rewrite any part of the story later.
      </p>
    </div>
  );
}
