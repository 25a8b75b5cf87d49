// The share dialog: 'Copy link' (then 'Link copied!' for 2 seconds), and Instagram and TikTok,
// which only say 'Coming soon!'. The link is the story's public page (issue 9), or the reader for a mature story.
import { Camera, Check, Copy, Music2, Share2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";
import { toast } from "../../components/ui/toaster";
import { useCopyLink } from "./share-link";

export const COMING_SOON = "Coming soon!";

export function ShareDialog({ url, title }: { url: string; title: string }) {
  const { copied, copy } = useCopyLink();
  const comingSoon = () => toast({ title: COMING_SOON });

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="reader-share">
          <Share2 className="h-4 w-4" aria-hidden />
          {/* Icon only on phones, so the three actions fit one row. */}
          <span className="sr-only sm:not-sr-only">Share</span>
        </Button>
      </DialogTrigger>
      <DialogContent title="Share this story" description={`Send "${title}" to a friend.`}>
        <div className="space-y-4">
          <div className="flex gap-2">
            <label htmlFor="share-link" className="sr-only">
              Story link
            </label>
            <input
              id="share-link"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-brand-200 bg-brand-50/50 px-3 text-sm text-slate-700"
              data-testid="share-link-input"
            />
            <Button onClick={() => copy(url)} className="w-36 shrink-0" data-testid="share-copy">
              {copied ? (
                <Check className="h-4 w-4 shrink-0" aria-hidden />
              ) : (
                <Copy className="h-4 w-4 shrink-0" aria-hidden />
              )}
              <span aria-live="polite">{copied ? "Link copied!" : "Copy link"}</span>
            </Button>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={comingSoon}>
              <Camera className="h-4 w-4" aria-hidden />
              Instagram
            </Button>
            <Button variant="outline" onClick={comingSoon}>
              <Music2 className="h-4 w-4" aria-hidden />
              TikTok
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
