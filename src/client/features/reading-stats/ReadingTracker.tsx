// Sits in the reader (renders nothing): tells the server which chapter the reader reached (read-through stats, any
// reader), and for a signed-in reader resumes where they stopped and remembers where they are now: written a moment
// after scrolling stops, and with keepalive when the page is hidden or left, so the last position survives a closed
// tab (decision 0031).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
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

/** The chapter shown when the reader shows one chapter at a time (issue 17 section 3), and how many there are. */
export interface ShownChapter {
  n: number;
  count: number;
}

/**
 * Where the reader is when the page holds one chapter (`shown`): the measured fraction is that chapter's, and the
 * whole story's is counted as if its chapters were equally long.
 */
function inShownChapter(measured: Progress, shown: ShownChapter): Progress {
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return {
    chapter: shown.n,
    position: measured.position,
    overall: round(Math.min(1, (shown.n - 1 + measured.position) / shown.count)),
  };
}

export function ReadingTracker({
  storyId,
  signedIn,
  shown,
}: {
  storyId: number;
  signedIn: boolean;
  /** Set when one chapter of several shows (absent: the entire work, or a story of one chapter). */
  shown?: ShownChapter;
}) {
  const queryClient = useQueryClient();
  // NOTE: effects depend on the two numbers, not on the object a parent makes anew each render.
  const shownN = shown?.n;
  const shownCount = shown?.count;
  const [path, navigate] = useLocation();
  const search = useSearch();
  // NOTE: only an address without ?chapter= resumes into another chapter: a chapter link the reader followed wins.
  const askedForChapter = useRef(new URLSearchParams(search).has("chapter"));
  const saved = useQuery<ProgressAnswer>({ queryKey: queryKeys.progress(storyId), enabled: signedIn, staleTime: 0 });
  const [chapter, setChapter] = useState<number | undefined>();
  const latest = useRef<Progress | undefined>(undefined);
  const sent = useRef<Progress | undefined>(undefined);
  const [ready, setReady] = useState(false);
  useChapterReached(storyId, chapter);

  // Resume once, when the saved position has arrived (or there is none to resume).
  useEffect(() => {
    if (ready || (signedIn && saved.isPending)) return;
    const progress = saved.data?.progress;
    if (progress && progress.overall > 0 && shownN !== undefined && progress.chapter !== shownN) {
      // One chapter at a time: open the chapter the reader stopped in first (this effect runs again when it shows).
      if (!askedForChapter.current && progress.chapter <= (shownCount ?? 0)) {
        askedForChapter.current = true;
        navigate(`${path}?chapter=${progress.chapter}`, { replace: true });
        return;
      }
      setReady(true);
      return;
    }
    // NOTE: a frame later, after the chapter view has put a newly shown chapter at its top, and once the web fonts
    // have loaded: measured with the fallback face, the text wraps differently and the resume lands paragraphs off.
    let frame = 0;
    let cancelled = false;
    const fontsReady = document.fonts?.ready ?? Promise.resolve();
    void fontsReady.then(() => {
      if (cancelled) return;
      frame = requestAnimationFrame(() => {
        const body = document.querySelector<HTMLElement>(BODY);
        if (body && progress && progress.overall > 0) {
          const target = shownN !== undefined ? { ...progress, chapter: 1 } : progress;
          window.scrollTo({ top: scrollFor(measure(body), target, window.innerHeight), behavior: "instant" });
          sent.current = progress;
        }
        setReady(true);
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [ready, signedIn, saved.isPending, saved.data, shownN, shownCount, path, navigate]);

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
    const settle = (measured: Progress, chaptered: boolean) => {
      const now =
        shownN !== undefined && shownCount !== undefined
          ? inShownChapter(measured, { n: shownN, count: shownCount })
          : measured;
      latest.current = now;
      if (chaptered || shownN !== undefined) setChapter(now.chapter);
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
  }, [ready, signedIn, storyId, queryClient, shownN, shownCount]);

  return null;
}
