import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoryUpdate, StoryView } from "../../../shared/schemas/story";
import { ApiError } from "../../lib/api";
import { type Conflict, type Draft, type SaveStatus, StorySaver } from "./story-saver";

function storyView(version: number, draft: Draft): StoryView {
  return { id: 1, version, ...draft } as StoryView;
}

function setup(start: Draft = { title: "Tale", content: "<p>a</p>" }, loaded?: () => boolean) {
  const draft = { ...start };
  const sent: StoryUpdate[] = [];
  const pending: Array<{ resolve: (v: StoryView) => void; reject: (e: unknown) => void }> = [];
  const statuses: SaveStatus[] = [];
  const conflicts: Array<Conflict | null> = [];
  const errors: unknown[] = [];
  const reads = { count: 0 };
  const saver = new StorySaver({
    version: 1,
    saved: { ...start },
    read: () => {
      reads.count += 1;
      return { ...draft };
    },
    send: (body) => {
      sent.push(body);
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    titleValid: (title) => title.trim().length > 0,
    onStatus: (s) => statuses.push(s),
    onConflict: (c) => conflicts.push(c),
    onError: (e) => errors.push(e),
    autosaveMs: 2500,
    loaded,
  });
  /** Answers the oldest pending PATCH as the server would. */
  const answer = async (version: number) => {
    const body = sent[pending.length > 0 ? sent.length - pending.length : 0]!;
    pending.shift()!.resolve(storyView(version, { title: body.title ?? "", content: body.content ?? "" }));
    await vi.advanceTimersByTimeAsync(0);
  };
  return { saver, draft, sent, pending, statuses, conflicts, errors, answer, reads };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("StorySaver", () => {
  it("autosaves 2.5 s after the last change with the version it last saw", async () => {
    const t = setup();
    t.draft.content = "<p>ab</p>";
    t.saver.changed();
    await vi.advanceTimersByTimeAsync(2000);
    t.draft.content = "<p>abc</p>";
    t.saver.changed();
    await vi.advanceTimersByTimeAsync(2499);
    expect(t.sent).toEqual([]);
    expect(t.saver.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sent).toEqual([{ version: 1, title: "Tale", content: "<p>abc</p>" }]);
    expect(t.saver.status).toBe("saving");
    await t.answer(2);
    expect(t.saver.status).toBe("saved");
    expect(t.saver.version).toBe(2);
  });

  it("says which save carries a Marin insertion, until one carrying it lands", async () => {
    const t = setup();
    t.draft.content = "<p>a</p><p>Marin's words</p>";
    t.saver.markMarinInsertion("Offline storyteller");
    void t.saver.save();
    const marin = { origin: "marin", model: "Offline storyteller" };
    expect(t.sent[0]).toMatchObject({ content: "<p>a</p><p>Marin's words</p>", versionOrigin: marin });
    t.pending.shift()!.reject(new Error("offline"));
    await vi.advanceTimersByTimeAsync(0);
    void t.saver.save();
    expect(t.sent[1]).toMatchObject({ versionOrigin: marin });
    await t.answer(2);
    t.draft.content = "<p>typed after</p>";
    void t.saver.save();
    expect(t.sent[2]).not.toHaveProperty("versionOrigin");
  });

  it("never sends a save while another is in flight; the latest draft follows", async () => {
    const t = setup();
    t.draft.content = "<p>one</p>";
    const first = t.saver.save();
    t.draft.content = "<p>two</p>";
    void t.saver.save();
    t.draft.content = "<p>three</p>";
    const third = t.saver.save();
    expect(t.sent).toHaveLength(1);
    await t.answer(2);
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]).toEqual({ version: 2, title: "Tale", content: "<p>three</p>" });
    await t.answer(3);
    expect(await first).toBe(true);
    expect(await third).toBe(true);
    expect(t.saver.status).toBe("saved");
  });

  it("stops on a stale version, then overwrites with mine against the current version", async () => {
    const t = setup();
    t.draft.content = "<p>mine</p>";
    const saving = t.saver.save();
    const theirs = storyView(5, { title: "Tale", content: "<p>theirs</p>" });
    const body = JSON.stringify({ message: "stale", code: "STALE_VERSION", currentVersion: 5, story: theirs });
    t.pending.shift()!.reject(new ApiError(409, body, "Conflict"));
    expect(await saving).toBe(false);
    expect(t.saver.status).toBe("conflict");
    expect(t.conflicts.at(-1)).toEqual({ mine: { title: "Tale", content: "<p>mine</p>" }, theirs });
    // Autosave is paused while the writer decides.
    t.saver.changed();
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.sent).toHaveLength(1);
    const kept = t.saver.keepMine();
    expect(t.sent[1]).toEqual({ version: 5, title: "Tale", content: "<p>mine</p>" });
    await t.answer(6);
    expect(await kept).toBe(true);
    expect(t.conflicts.at(-1)).toBeNull();
  });

  it("takes their version without sending anything", async () => {
    const t = setup();
    t.draft.content = "<p>mine</p>";
    const saving = t.saver.save();
    const theirs = storyView(5, { title: "Theirs", content: "<p>theirs</p>" });
    const body = JSON.stringify({ message: "stale", code: "STALE_VERSION", currentVersion: 5, story: theirs });
    t.pending.shift()!.reject(new ApiError(409, body, "Conflict"));
    await saving;
    t.draft.title = "Theirs";
    t.draft.content = "<p>theirs</p>";
    t.saver.takeTheirs(theirs, "<p>theirs</p>");
    expect(t.saver.status).toBe("saved");
    expect(t.saver.version).toBe(5);
    expect(t.sent).toHaveLength(1);
  });

  it("reports other failures and keeps the changes unsaved", async () => {
    const t = setup();
    t.draft.content = "<p>x</p>";
    const saving = t.saver.save();
    t.pending.shift()!.reject(new ApiError(500, '{"message":"boom"}', "Internal Server Error"));
    expect(await saving).toBe(false);
    expect(t.saver.status).toBe("error");
    expect(t.errors).toHaveLength(1);
    expect(t.saver.isDirty()).toBe(true);
  });

  it("keeps a blank title out of the save but still saves the content", async () => {
    const t = setup();
    t.draft.title = "";
    t.draft.content = "<p>new</p>";
    const saving = t.saver.save();
    expect(t.sent[0]).toEqual({ version: 1, content: "<p>new</p>" });
    await t.answer(2);
    expect(await saving).toBe(false);
    expect(t.saver.status).toBe("unsaved");
    // Nothing sendable is left, so another save does not send the same content again.
    await t.saver.save();
    expect(t.sent).toHaveLength(1);
  });

  it("adopts a publish answer's version only when it is our write on top of what we had", () => {
    const t = setup();
    expect(t.saver.adoptWrite(storyView(2, { title: "New", content: "" }))).toBe(true);
    expect(t.saver.version).toBe(2);
    expect(t.saver.saved.title).toBe("New");
    expect(t.saver.adoptWrite(storyView(7, { title: "X", content: "" }))).toBe(false);
    expect(t.saver.version).toBe(2);
  });

  it("does not read the draft on each keystroke; an undone edit says Saved after the pause, sending nothing", async () => {
    const t = setup();
    t.draft.content = "<p>ab</p>";
    t.saver.changed();
    t.draft.content = "<p>a</p>";
    t.saver.changed();
    // Reading serializes the whole story (50-150 ms at 2 MB), so typing must not.
    expect(t.reads.count).toBe(0);
    expect(t.saver.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(2500);
    expect(t.sent).toEqual([]);
    expect(t.saver.status).toBe("saved");
  });

  it("while the editor is still filling in the story, never reads, compares or sends its half-loaded text", async () => {
    let loaded = false;
    const t = setup({ title: "Tale", content: "<p>a</p><p>b</p>" }, () => loaded);
    // The editor holds the first slice only: to the server that would be the second paragraph deleted.
    t.draft.content = "<p>a</p>";
    expect(t.saver.isDirty()).toBe(false);
    expect(await t.saver.save()).toBe(true);
    t.saver.changed();
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.sent).toEqual([]);
    expect(t.reads.count).toBe(0);
    expect(t.saver.status).toBe("saved");
    // Loaded: what the writer types from now on is saved as usual.
    loaded = true;
    t.draft.content = "<p>a</p><p>b</p><p>c</p>";
    t.saver.changed();
    await vi.advanceTimersByTimeAsync(2500);
    expect(t.sent).toEqual([{ version: 1, title: "Tale", content: "<p>a</p><p>b</p><p>c</p>" }]);
  });
});
