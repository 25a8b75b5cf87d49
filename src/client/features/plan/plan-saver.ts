// Saves the planning board while the writer types (like the editor's story-saver.ts, framework-free): a change waits
// a moment for more typing, then one PUT at a time carries the latest board; `flush` saves at once (before a draft,
// on closing the board). A failed save keeps the board as unsaved and says why.
import type { StoryPlanInput } from "../../../shared/schemas/plan";

export type PlanSaveState = { kind: "saved" | "unsaved" | "saving" } | { kind: "failed"; message: string };

export const PLAN_SAVE_DELAY_MS = 800;

export class PlanSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: StoryPlanInput | null = null;
  private running: Promise<boolean> | null = null;

  constructor(
    private readonly save: (plan: StoryPlanInput) => Promise<void>,
    private readonly onState: (state: PlanSaveState) => void,
    private readonly messageOf: (error: unknown) => string,
    private readonly delayMs = PLAN_SAVE_DELAY_MS,
  ) {}

  changed(plan: StoryPlanInput): void {
    this.pending = plan;
    this.onState({ kind: "unsaved" });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  hasUnsaved(): boolean {
    return this.pending !== null || this.running !== null;
  }

  /** Saves what is pending now; true when the board on the server is the latest. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.running) await this.running;
    if (this.pending === null) return true;
    this.running = this.saveLatest();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private async saveLatest(): Promise<boolean> {
    while (this.pending !== null) {
      const plan = this.pending;
      this.pending = null;
      this.onState({ kind: "saving" });
      try {
        await this.save(plan);
      } catch (error) {
        this.pending ??= plan;
        this.onState({ kind: "failed", message: this.messageOf(error) });
        return false;
      }
    }
    this.onState({ kind: "saved" });
    return true;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
