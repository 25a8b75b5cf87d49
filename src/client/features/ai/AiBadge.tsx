// A work's AI label as a small badge: 'AI-assisted 34%' or 'AI-generated', with the share spelled out for
// assistive technology and on hover. Human-written work has no badge. A missing label counts as human-written.
import { Sparkles } from "lucide-react";
import { type AiLabel, aiBadgeText } from "../../../shared/ai-label";
import { cn } from "../../lib/cn";

/** 'Marin wrote 34% of this work' (or 'AI-generated: …' when the writer declared it with no measured share). */
export function aiBadgeTitle(label: AiLabel, aiShare: number): string {
  const percent = Math.round(Math.min(1, Math.max(0, aiShare)) * 100);
  if (percent > 0) return `Marin wrote ${Math.max(1, percent)}% of this work`;
  return label === "generated" ? "The writer declared this work AI-generated" : "The writer declared AI assistance";
}

export function AiBadge({
  label,
  aiShare,
  className,
}: {
  label: AiLabel | undefined;
  aiShare: number | undefined;
  className?: string;
}) {
  const share = Number.isFinite(aiShare) ? (aiShare as number) : 0;
  const text = aiBadgeText(label ?? "none", share);
  if (!text) return null;
  const title = aiBadgeTitle(label ?? "none", share);
  return (
    <span
      data-testid="ai-badge"
      data-label={label}
      title={title}
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold",
        label === "generated" ? "border-amber-300 bg-amber-50 text-amber-900" : "border-sky-200 bg-sky-50 text-sky-900",
        className,
      )}
    >
      <Sparkles className="h-3 w-3" aria-hidden />
      <span aria-hidden>{text}</span>
      <span className="sr-only">{`${text}: ${title}`}</span>
    </span>
  );
}
