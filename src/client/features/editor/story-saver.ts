// The editor's save queue: one PATCH at a time (the latest draft goes next), autosave after a pause, and
// optimistic concurrency, so nothing a writer typed is lost: a stale save stops everything until the writer chooses.
import type { StoryUpdate, StoryView } from "../../../shared/schemas/story";
import type { VersionOriginHint } from "../../../shared/schemas/versions";
import { ApiError } from "../../lib/api";

export type SaveStatus = "saved" | "unsaved" | "saving" | "error" | "conflict";

export interface Draft {
  title: string;
  content: string;
}

export interface Conflict {
  mine: Draft;
  theirs: StoryView;
}

export interface SaverOptions {
  version: number;
  saved: Draft;
  /** The draft as the editor holds it now. */
  read: () => Draft;
  send: (body: StoryUpdate) => Promise<StoryView>;
  /** A title that would fail validation is kept out of the save (the content still goes). */
  titleValid: (title: string) => boolean;
  onStatus: (status: SaveStatus) => void;
  onConflict: (conflict: Conflict | null) => void;
  onError: (error: unknown) => void;
  autosaveMs: number;
  /**
   * False while the editor is still filling in the stored text (sliced-load.ts): nothing can have been typed yet,
   * and the half-loaded document must never be compared or sent. True when left out.
   */
  loaded?: () => boolean;
}

export function isStaleVersion(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.data.code === "STALE_VERSION";
}

export class StorySaver {
  version: number;
  saved: Draft;
  conflict: Conflict | null = null;
  status: SaveStatus = "saved";
  private inFlight: Promise<boolean> | null = null;
  private queued = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Set by a Marin insertion until a save carrying it lands: the server keeps the text before it (decision 0041). */
  private versionOrigin: VersionOriginHint | undefined;

  constructor(private readonly options: SaverOptions) {
    this.version = options.version;
    this.saved = options.saved;
  }

  private loading(): boolean {
    return this.options.loaded ? !this.options.loaded() : false;
  }

  isDirty(): boolean {
    if (this.loading()) return false;
    const draft = this.options.read();
    return draft.title !== this.saved.title || draft.content !== this.saved.content;
  }

  /** Whether a save would carry anything: a blank or invalid title alone cannot be sent. */
  private hasSendable(): boolean {
    if (this.loading()) return false;
    const draft = this.options.read();
    return (
      draft.content !== this.saved.content || (draft.title !== this.saved.title && this.options.titleValid(draft.title))
    );
  }

  private setStatus(status: SaveStatus) {
    this.status = status;
    this.options.onStatus(status);
  }

  /** The next save carries Marin's insertion by `model`. */
  markMarinInsertion(model: string): void {
    this.versionOrigin = { origin: "marin", model: model.slice(0, 80) };
  }

  /** The writer typed: show 'Unsaved changes' and save once they pause. */
  changed(): void {
    if (this.conflict) return;
    // NOTE: no exact comparison here: reading the draft serializes the whole story, 50-150 ms for a 2 MB one,
    // too slow for every keystroke. The autosave compares; an edit undone back to the saved text then finds
    // nothing to send and says 'Saved' again.
    if (!this.inFlight) this.setStatus("unsaved");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), this.options.autosaveMs);
  }

  /** Saves now; while a save is in flight the latest draft is queued behind it. Resolves true when all is saved. */
  save({ force = false } = {}): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.conflict) return Promise.resolve(false);
    if (this.inFlight) {
      this.queued = true;
      return this.inFlight;
    }
    const run = async () => {
      let ok = true;
      let first = true;
      do {
        this.queued = false;
        if (!(first && force) && !this.hasSendable()) break;
        first = false;
        ok = await this.sendOnce();
      } while (ok && this.queued);
      if (ok) this.setStatus(this.isDirty() ? "unsaved" : "saved");
      return ok && !this.isDirty();
    };
    this.inFlight = run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async sendOnce(): Promise<boolean> {
    const draft = this.options.read();
    const sendTitle = this.options.titleValid(draft.title);
    const body: StoryUpdate = {
      version: this.version,
      content: draft.content,
      ...(sendTitle ? { title: draft.title } : {}),
      ...(this.versionOrigin ? { versionOrigin: this.versionOrigin } : {}),
    };
    this.setStatus("saving");
    try {
      const story = await this.options.send(body);
      this.version = story.version;
      this.saved = { title: sendTitle ? draft.title : this.saved.title, content: draft.content };
      if (this.versionOrigin === body.versionOrigin) this.versionOrigin = undefined;
      return true;
    } catch (error) {
      if (isStaleVersion(error)) {
        this.conflict = { mine: draft, theirs: error.data.story as StoryView };
        this.setStatus("conflict");
        this.options.onConflict(this.conflict);
      } else {
        this.setStatus("error");
        this.options.onError(error);
      }
      return false;
    }
  }

  /** 'Load the other version': the editor now shows `theirs` (as the editor writes it out). */
  takeTheirs(theirs: StoryView, editorContent: string): void {
    this.version = theirs.version;
    this.saved = { title: theirs.title, content: editorContent };
    this.conflict = null;
    this.options.onConflict(null);
    this.setStatus(this.isDirty() ? "unsaved" : "saved");
  }

  /** 'Keep this tab's version': re-send the current draft against the version the server holds now. */
  keepMine(): Promise<boolean> {
    if (!this.conflict) return this.save();
    this.version = this.conflict.theirs.version;
    this.conflict = null;
    this.options.onConflict(null);
    return this.save({ force: true });
  }

  /**
   * After publish / unpublish: adopt the answer's version only when it is exactly our write on top of
   * what we had; a bigger jump means someone else saved meanwhile, and our next save must hit the 409.
   */
  adoptWrite(story: StoryView): boolean {
    if (story.version === this.version + 1 || story.version === this.version) {
      this.version = story.version;
      this.saved = { ...this.saved, title: story.title };
      return true;
    }
    return false;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
