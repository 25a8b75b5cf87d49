// The writing tools row: Continue, Rewrite (with a short instruction), Regenerate and Undo. Each AI tool costs one
// prompt; Undo is free.
import { PenLine, RefreshCw, Sparkles, Undo2, X } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";

export interface WritingToolsProps {
  disabled: boolean;
  hasSelection: boolean;
  canRegenerate: boolean;
  canUndo: boolean;
  onContinue: () => void;
  onRewrite: (instruction: string) => void;
  onRegenerate: () => void;
  onUndo: () => void;
}

export function WritingTools(props: WritingToolsProps) {
  const { disabled, hasSelection } = props;
  const [rewriting, setRewriting] = useState(false);
  const [instruction, setInstruction] = useState("");
  useEffect(() => {
    if (!hasSelection) setRewriting(false);
  }, [hasSelection]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onRewrite(instruction);
    setInstruction("");
    setRewriting(false);
  };
  const tool = "h-8 gap-1.5 px-2.5 text-xs";

  return (
    <div className="border-t border-brand-100 bg-white/80 px-3 pt-2" data-testid="marin-tools">
      <div role="toolbar" aria-label="Writing tools" className="flex flex-wrap items-center gap-1.5">
        <Button variant="outline" className={tool} disabled={disabled} onClick={props.onContinue}>
          <Sparkles className="h-3.5 w-3.5" aria-hidden /> Continue
        </Button>
        <Button
          variant="outline"
          className={tool}
          disabled={disabled || !hasSelection}
          aria-expanded={rewriting}
          title={hasSelection ? undefined : "Select some text in the story to rewrite it"}
          onClick={() => setRewriting((open) => !open)}
        >
          <PenLine className="h-3.5 w-3.5" aria-hidden /> Rewrite
        </Button>
        <Button
          variant="outline"
          className={tool}
          disabled={disabled || !props.canRegenerate}
          onClick={props.onRegenerate}
        >
          <RefreshCw className="h-3.5 w-3.5" aria-hidden /> Regenerate
        </Button>
        <Button
          variant="ghost"
          className={tool}
          disabled={!props.canUndo}
          onClick={props.onUndo}
          aria-label="Undo AI insertion"
        >
          <Undo2 className="h-3.5 w-3.5" aria-hidden /> Undo
        </Button>
      </div>
      {rewriting && !disabled ? (
        <form onSubmit={submit} className="mt-2 flex items-center gap-1.5" data-testid="marin-rewrite-form">
          <Input
            autoFocus
            value={instruction}
            onChange={(event) => setInstruction(event.target.value)}
            maxLength={MARIN_LIMITS.instructionChars}
            placeholder="How? e.g. more tension, shorter, from Mia's view"
            aria-label="Rewrite instruction"
            className="h-8 text-xs"
            onKeyDown={(event) => {
              if (event.key === "Escape") setRewriting(false);
            }}
          />
          <Button type="submit" size="sm" className="h-8 text-xs" aria-label="Rewrite selection">
            Rewrite
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="h-8 w-8"
            aria-label="Cancel rewrite"
            onClick={() => setRewriting(false)}
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </form>
      ) : null}
    </div>
  );
}
