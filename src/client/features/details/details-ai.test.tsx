// @vitest-environment jsdom
// The details page's AI label and audience against the API contract (fetch stubbed): the current label, the
// declaration and audience saved with the details save (never below the measurement), and a refusal at its field.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoryView } from "../../../shared/schemas/story";
import { UNTAGGED } from "../../../shared/tagging";
import { TooltipProvider } from "../../components/ui/tooltip";
import { createQueryClient } from "../../lib/query-client";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
vi.mock("../auth/auth-context", () => ({ useAuth: () => ({ user: { id: 1, username: "kai", isPremium: false } }) }));
// jsdom has no canvas: the crop dialog is left out.
vi.mock("../covers/CoverCropDialog", () => ({ CoverCropDialog: () => null }));
const { DetailsView } = await import("./DetailsView");

configure({ asyncUtilTimeout: 4000 });
Element.prototype.scrollIntoView = () => {};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const STORY = {
  id: 7,
  title: "Storm Road",
  description: "Two travellers.",
  content: "<p>Mia ran.</p>",
  authorId: 1,
  published: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  template: null,
  characters: null,
  setting: null,
  plotIdeas: null,
  moods: null,
  coverImage: null,
  fandoms: [],
  themes: [],
  tags: [],
  version: 2,
  rating: "general",
  ...UNTAGGED,
  markedMature: false,
  wordCount: 1000,
  aiShare: 0.34,
  aiDeclaration: "none",
  aiLabel: "assisted",
  audience: "everyone",
  readerBackground: null,
  publicPath: "/s/7-storm-road",
} satisfies StoryView;

let patches: Record<string, unknown>[];
function serve(story: StoryView, refuse: Response | null = null) {
  patches = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === "/api/stories/7" && !init.method) return json(story);
      if (url === "/api/stories/7" && init.method === "PATCH") {
        const patch = JSON.parse(String(init.body));
        patches.push(patch);
        return refuse ?? json({ ...story, ...patch, version: story.version + 1 });
      }
      return json({ message: "Not found" }, 404);
    }),
  );
}

async function renderDetails(story: StoryView = STORY, refuse: Response | null = null) {
  serve(story, refuse);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <DetailsView id="7" />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole("heading", { name: "AI label and readers" });
}

async function save() {
  fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
  await waitFor(() => expect(patches).toHaveLength(1));
  return patches[0]!;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the details page's AI label and audience", () => {
  it("shows the current label, the measured share and the declarations below it disabled", async () => {
    await renderDetails();
    expect(screen.getByTestId("ai-badge").textContent).toContain("AI-assisted 34%");
    expect(screen.getByTestId("ai-label-sentence").textContent).toContain(
      "Marin wrote 34% of this work; it will be labelled AI-assisted",
    );
    const ai = within(screen.getByRole("group", { name: "AI from other tools" }));
    expect((ai.getByRole("radio", { name: "None" }) as HTMLInputElement).disabled).toBe(true);
    expect((ai.getByRole("radio", { name: "AI-assisted" }) as HTMLInputElement).checked).toBe(true);
  });

  it("says Human-written, with no badge, for a work Marin did not write", async () => {
    await renderDetails({ ...STORY, aiShare: 0, aiLabel: "none" });
    expect(screen.getByTestId("details-current-label").textContent).toBe("Current label: Human-written");
    expect(screen.queryByTestId("ai-badge")).toBeNull();
  });

  it("saves a changed declaration and audience with the details save", async () => {
    await renderDetails({ ...STORY, aiDeclaration: "assisted" });
    fireEvent.click(screen.getByRole("radio", { name: "AI-generated" }));
    fireEvent.click(screen.getByRole("radio", { name: "Members only (signed-in readers)" }));
    expect(await save()).toMatchObject({ aiDeclaration: "generated", audience: "members" });
  });

  it("leaves both out when unchanged, and never sends a declaration below the measurement", async () => {
    await renderDetails({ ...STORY, aiDeclaration: "assisted" });
    const unchanged = await save();
    expect(unchanged).not.toHaveProperty("aiDeclaration");
    expect(unchanged).not.toHaveProperty("audience");
    cleanup();
    // Stored 'none' from before the work was measured at 34%: saved as AI-assisted, never as none.
    await renderDetails();
    expect(await save()).toHaveProperty("aiDeclaration", "assisted");
  });

  it("shows the server's 400 at the field it names", async () => {
    const message = "This work was measured at 34% Marin's: it cannot be declared none";
    await renderDetails(
      { ...STORY, aiDeclaration: "assisted" },
      json({ message, code: "VALIDATION", fields: { audience: "audience must be everyone or members" } }, 400),
    );
    fireEvent.click(screen.getByRole("radio", { name: "Members only (signed-in readers)" }));
    await save();
    const audience = within(screen.getByRole("group", { name: "Who can read it" }));
    expect((await audience.findByRole("alert")).textContent).toBe("audience must be everyone or members");
  });
});
