// Issue 20 section 3: 'Import' beside 'New Story'. The writer picks one or more files (.docx, .epub, .md, .html,
// .txt; 20 MB in all); each becomes a private draft, and the first opens on its details page to be reviewed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useRef } from "react";
import { useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, type ImportResult } from "../../../shared/schemas/imports";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage, throwIfNotOk } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const IMPORT_TOO_LARGE = "Your files are too large to import together. The limit is 20 MB in all.";
export const importedNote = (count: number) =>
  count === 1 ? "Imported as a draft." : `Imported ${count} drafts. The first one is open; the rest are in My Stories.`;

async function importFiles(files: File[]): Promise<ImportResult> {
  const body = new FormData();
  for (const file of files) body.append("files", file, file.name);
  const res = await fetch("/api/imports", { method: "POST", body, credentials: "include" });
  await throwIfNotOk(res);
  return (await res.json()) as ImportResult;
}

export function ImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mutation = useMutation({
    mutationFn: importFiles,
    onSuccess: async ({ ids }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.myStories });
      toast({ title: importedNote(ids.length) });
      if (ids[0] !== undefined) navigate(`${ROUTES.details(ids[0])}?imported=${ids.length}`);
    },
    onError: (error) => toast({ title: "Import failed", description: errorMessage(error), variant: "destructive" }),
  });

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length === 0) return;
    if (files.reduce((sum, file) => sum + file.size, 0) > IMPORT_MAX_BYTES) {
      toast({ title: "Import failed", description: IMPORT_TOO_LARGE, variant: "destructive" });
      return;
    }
    mutation.mutate(files);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={IMPORT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="import-input"
        onChange={onChange}
      />
      <Button
        size="sm"
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={mutation.isPending}
        title="Import .docx, .epub, Markdown, HTML or text files as drafts"
      >
        <Upload className="h-4 w-4" aria-hidden /> {mutation.isPending ? "Importing…" : "Import"}
      </Button>
    </>
  );
}
