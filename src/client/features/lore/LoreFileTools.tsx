// Import and Export in the Lorebook (issue 32, section 2): a SillyTavern World Info or NovelAI lorebook file in, the
// result told ('12 entries imported, 2 skipped.', and why each was skipped); the lorebook out in either format.
import { ChevronDown, Download, Upload } from "lucide-react";
import { useRef } from "react";
import {
  LORE_EXPORT_FORMATS,
  LORE_EXPORT_LABELS,
  LORE_IMPORT_MESSAGES,
  type LoreImportAnswer,
  loreImportSummary,
} from "../../../shared/schemas/lore-io";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { errorMessage } from "../../lib/api";
import { loreExportUrl, useImportLore } from "./lore-io-queries";

const ACCEPT = ".json,.lorebook,application/json";

export function LoreFileTools({ storyId, full }: { storyId: number; full: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportLore(storyId);
  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) upload.mutate(file);
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="lore-import-input"
          onChange={onChange}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={upload.isPending || full}
          onClick={() => input.current?.click()}
          title="Import a SillyTavern World Info file (.json) or a NovelAI lorebook (.lorebook)"
        >
          <Upload className="h-4 w-4" aria-hidden /> {upload.isPending ? "Importing…" : "Import"}
        </Button>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="outline">
              <Download className="h-4 w-4" aria-hidden /> Export
              <ChevronDown className="h-4 w-4" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {LORE_EXPORT_FORMATS.map((format) => (
              <DropdownMenuItem key={format} asChild>
                <a href={loreExportUrl(storyId, format)} download type="application/json">
                  {LORE_EXPORT_LABELS[format]}
                </a>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div role="status" aria-live="polite">
        {upload.isError ? (
          <p className="text-sm text-red-700">{errorMessage(upload.error, LORE_IMPORT_MESSAGES.unknownFormat)}</p>
        ) : upload.data ? (
          <ImportResult answer={upload.data} />
        ) : null}
      </div>
    </div>
  );
}

function ImportResult({ answer }: { answer: LoreImportAnswer }) {
  const more = answer.skippedTotal - answer.skipped.length;
  return (
    <div className="rounded-lg bg-brand-50 p-2 text-sm text-brand-900">
      <p className="font-medium" data-testid="lore-import-result">
        {loreImportSummary(answer)}
        {answer.shortened > 0
          ? ` ${answer.shortened} long ${answer.shortened === 1 ? "description was" : "descriptions were"} shortened; the full text goes back out on export.`
          : ""}
      </p>
      {answer.skippedTotal > 0 ? (
        <details className="mt-1 text-xs text-slate-700">
          <summary className="cursor-pointer">Why entries were skipped</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {answer.skipped.map((skip) => (
              <li key={skip.index}>
                Entry {skip.index + 1}
                {skip.name ? ` (${skip.name})` : ""}: {skip.reason}.
              </li>
            ))}
            {more > 0 ? <li>and {more.toLocaleString("en-US")} more.</li> : null}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
