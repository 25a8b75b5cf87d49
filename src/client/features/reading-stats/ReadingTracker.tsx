// Sits in the reader (renders nothing): tells the server which chapter the reader reached (read-through stats, any
// reader), and for a signed-in reader resumes where they stopped and remembers where they are now: written a moment
// after scrolling stops, and with keepalive when the page is hidden or left, so the last position survives a closed
// tab (decision 0031).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Progress, ProgressAnswer } from "../../../shared/schemas/reading-stats";
import { queryKeys } from "../../lib/query-keys";
import { measure, positionOf, scrollFor } from "./reading-position";

const SAVE_AFTER_MS = 1_500;
const REST_MS = 300;
const BODY = '[data-testid="reader-body"]';

const sameProgress = (a: Progress | undefined, b: Progress) =>
  a?.chapter === b.chapter && a.position === b.position && a.overall === b.overall;

/** Counts chapter `chapter` of the story as reached, once per story and chapter while the reader stays mounted. */
export function useChapterReached(storyId: number, chapter: number | undefined) {
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (chapter === undefined) return;
    const key = `${storyId}:${chapter}`;
    if (sent.current.has(key)) return;
    sent.current.add(key);
    void fetch(`/api/stories/${storyId}/reads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ chapter }),
      credentials: "include",
    }).catch(() => sent.current.delete(key));
  }, [storyId, chapter]);
}

function putProgress(storyId: number, progress: Progress, keepalive = false) {
  return fetch(`/api/stories/${storyId}/progress`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(progress),
    credentials: "include",
    keepalive,
  });
}

export function ReadingTracker({ storyId, signedIn }: { storyId: number; signedIn: boolean }) {
  const queryClient = useQueryClient();
  const saved = useQuery<ProgressAnswer>({ queryKey: queryKeys.progress(storyId), enabled: signedIn, staleTime: 0 });
  const [chapter, setChapter] = useState<number | undefined>();
  const latest = useRef<Progress | undefined>(undefined);
  const sent = useRef<Progress | undefined>(undefined);
  const [ready, setReady] = useState(false);
  useChapterReached(storyId, chapter);

  // Resume once, when the saved position has arrived (or there is none to resume).
  useEffect(() => {
    if (ready || (signedIn && saved.isPending)) return;
    const body = document.querySelector<HTMLElement>(BODY);
    const progress = saved.data?.progress;
    if (body && progress && progress.overall > 0) {
      window.scrollTo({ top: scrollFor(measure(body), progress, window.innerHeight), behavior: "instant" });
      sent.current = progress;
    }
    setReady(true);
  }, [ready, signedIn, saved.isPending, saved.data]);

  useEffect(() => {
    if (!ready) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let resting: ReturnType<typeof setTimeout> | undefined;
    const send = (keepalive: boolean) => {
      const now = latest.current;
      if (!signedIn || !now || sameProgress(sent.current, now)) return;
      sent.current = now;
      void putProgress(storyId, now, keepalive)
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.continueReading }))
        .catch(() => {
          sent.current = undefined;
        });
    };
    // NOTE: a position counts once the page has rested there a moment: a smooth scroll does not reach every chapter
    // it passes, and leaving the reader (which scrolls the page to the top before the reader unmounts) does not
    // overwrite where the reader stopped.
    const settle = (now: Progress, chaptered: boolean) => {
      latest.current = now;
      if (chaptered) setChapter(now.chapter);
      clearTimeout(timer);
      timer = setTimeout(() => send(false), SAVE_AFTER_MS);
    };
    const path = window.location.pathname;
    const read = () => {
      frame = 0;
      const body = document.querySelector<HTMLElement>(BODY);
      // NOTE: once the address has changed the reader is on its way out (the page may already be scrolled to the top
      // for the next one): nothing it measures now is where the reader stopped.
      if (!body || window.location.pathname !== path) return;
      const layout = measure(body);
      clearTimeout(resting);
      resting = setTimeout(() => {
        if (window.location.pathname === path) settle(positionOf(layout), layout.headings.length > 0);
      }, REST_MS);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    const onHide = () => {
      if (document.visibilityState === "hidden") send(true);
    };
    const onPageHide = () => send(true);
    read();
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(resting);
      // Leaving the reader inside the app: write the last position now.
      send(true);
    };
  }, [ready, signedIn, storyId, queryClient]);

  return null;
}
