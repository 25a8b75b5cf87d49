// The reader's 'Save for offline': keeps the work (text and cover) in this browser for reading without a network, or
// takes it out again. Only for a signed-in reader in a browser that can keep it.
import { CloudCheck, CloudDownload } from "lucide-react";
import type { UserView } from "../../../shared/schemas/accounts";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { cn } from "../../lib/cn";
import { offlineSupported, useRemoveFromOffline, useSavedWork, useSaveForOffline } from "./queries";

export const SAVED_OFFLINE = {
  title: "Saved for offline",
  description: "Read it from Saved Stories without a connection.",
};
export const SAVE_OFFLINE_FAILED = { title: "Error", description: "Failed to save for offline" } as const;

export function SaveOfflineButton({ story, user }: { story: ReadStoryView; user: UserView }) {
  const saved = useSavedWork(user.id, String(story.id));
  const save = useSaveForOffline(user);
  const remove = useRemoveFromOffline(user.id);
  if (!offlineSupported()) return null;
  const isSaved = Boolean(saved.data);
  const onClick = () => {
    if (isSaved)
      remove.mutate(story.id, {
        onSuccess: () => toast({ title: "Removed from offline" }),
        onError: () => toast({ title: "Error", description: "Failed to remove from offline", variant: "destructive" }),
      });
    else
      save.mutate(story, {
        onSuccess: () => toast(SAVED_OFFLINE),
        onError: () => toast({ ...SAVE_OFFLINE_FAILED, variant: "destructive" }),
      });
  };
  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={saved.isPending || save.isPending || remove.isPending}
      aria-pressed={isSaved}
      data-testid="reader-offline"
      className={cn(isSaved && "border-brand-300 bg-brand-50")}
    >
      {isSaved ? <CloudCheck className="h-4 w-4" aria-hidden /> : <CloudDownload className="h-4 w-4" aria-hidden />}
      {isSaved ? "Saved for offline" : "Save for offline"}
    </Button>
  );
}
