// @vitest-environment jsdom
// The details page's FicForge Plus parts against the API contract (fetch stubbed): the reader background locked for
// free authors, picked, removed or left alone by premium ones (what the PATCH carries), and the early-access export.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoryView } from "../../../shared/schemas/story";
import { TooltipProvider } from "../../components/ui/tooltip";
import { createQueryClient } from "../../lib/query-client";
import { UNTAGGED } from "../../../shared/tagging";

vi.mock("../../components/ui/toaster", () => ({ toast: vi.fn() }));
const auth = { user: { id: 1, username: "kai", isPremium: false } };
vi.mock("../auth/auth-context", () => ({ useAuth: () => auth }));
// jsdom has no canvas: the crop dialog is replaced by one that applies a fixed JPEG.
const CROPPED = "data:image/jpeg;base64,QkFDSw==";
vi.mock("../covers/CoverCropDialog", () => ({
  CoverCropDialog: ({ file, onApply }: { file: File | null; onApply: (dataUrl: string) => void }) =>
    file ? (
      <button type="button" onClick={() => onApply(CROPPED)}>
        Apply crop
      </button>
    ) : null,
}));
const { DetailsView } = await import("./DetailsView");

// NOTE: the machine is shared and busy; the first render (lazy imports, the story fetch) can take over a second.
configure({ asyncUtilTimeout: 4000 });
// jsdom does no layout (a refused save brings its message into view).
Element.prototype.scrollIntoView = () => {};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const STORY = {
  id: 7,
  title: "Storm Road",
  description: null,
  content: "<p>Mia ran.</p>",
  authorId: 1,
  published: false,
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
  wordCount: 2,
  aiShare: 0,
  aiDeclaration: "none",
  aiLabel: "none",
  readerBackground: null,
  publicPath: null,
} satisfies StoryView;

let patches: Record<string, unknown>[];
let refuse: Response | null = null;
function serve(story: StoryView) {
  patches = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === "/api/stories/7" && !init.method) return json(story);
      if (url === "/api/stories/7" && init.method === "PATCH") {
        const patch = JSON.parse(String(init.body));
        patches.push(patch);
        if (refuse) return refuse;
        return json({ ...story, version: story.version + 1, readerBackground: patch.readerBackground ?? null });
      }
      return json({ message: "Not found" }, 404);
    }),
  );
}

async function renderDetails(story: StoryView = STORY) {
  serve(story);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <DetailsView id="7" />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole("heading", { name: /Reader background/ });
  return within(screen.getByTestId("reader-background"));
}

async function save() {
  fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
  await waitFor(() => expect(patches).toHaveLength(1));
  return patches[0]!;
}

beforeEach(() => {
  auth.user = { id: 1, username: "kai", isPremium: false };
  refuse = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reader background", () => {
  it("is locked for a free author, with the way to the upgrade page, and nothing is sent", async () => {
    const section = await renderDetails();
    expect(section.getByTestId("plus-locked-note").textContent).toContain("with FicForge Plus");
    expect(section.getByRole("link", { name: /Unlock with FicForge Plus/ }).getAttribute("href")).toBe(
      "/dashboard/upgrade",
    );
    expect(section.queryByLabelText("Background image")).toBeNull();
    expect(await save()).not.toHaveProperty("readerBackground");
  });

  it("lets a free author remove a background kept from a past plan (null is sent)", async () => {
    const section = await renderDetails({ ...STORY, readerBackground: "/api/images/bg" });
    expect(section.getByText("Readers don't see this background while you're not on FicForge Plus.")).toBeTruthy();
    fireEvent.click(section.getByRole("button", { name: "Remove background" }));
    expect(await save()).toHaveProperty("readerBackground", null);
  });

  it("a premium author picks one: the preview shows and the data URL is saved", async () => {
    auth.user = { id: 1, username: "kai", isPremium: true };
    const section = await renderDetails();
    expect(section.queryByTestId("plus-locked-note")).toBeNull();
    const input = section.getByLabelText("Background image");
    fireEvent.change(input, { target: { files: [new File(["png"], "sky.png", { type: "image/png" })] } });
    fireEvent.click(await screen.findByRole("button", { name: "Apply crop" }));
    expect(section.getByRole("img", { name: "Reader background preview" }).getAttribute("src")).toBe(CROPPED);
    expect(await save()).toHaveProperty("readerBackground", CROPPED);
  });

  it("a premium author's stored background is left out when unchanged, and null when removed", async () => {
    auth.user = { id: 1, username: "kai", isPremium: true };
    let section = await renderDetails({ ...STORY, readerBackground: "/api/images/bg" });
    expect(section.getByRole("img", { name: "Reader background preview" }).getAttribute("src")).toBe("/api/images/bg");
    expect(await save()).not.toHaveProperty("readerBackground");
    cleanup();
    section = await renderDetails({ ...STORY, readerBackground: "/api/images/bg" });
    fireEvent.click(section.getByRole("button", { name: "Remove background" }));
    expect(section.queryByRole("img", { name: "Reader background preview" })).toBeNull();
    expect(await save()).toHaveProperty("readerBackground", null);
  });
  it("shows the server's 403 at the field when the plan ended before the save", async () => {
    auth.user = { id: 1, username: "kai", isPremium: true };
    const message = "Reader backgrounds are a FicForge Plus feature.";
    refuse = json({ message, code: "PREMIUM_REQUIRED" }, 403);
    const section = await renderDetails();
    fireEvent.change(section.getByLabelText("Background image"), {
      target: { files: [new File(["png"], "sky.png", { type: "image/png" })] },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Apply crop" }));
    await save();
    expect((await section.findByRole("alert")).textContent).toBe(message);
  });
});

describe("the export (free on every plan)", () => {
  const formats = () => within(screen.getByRole("list", { name: "Export formats" })).getAllByRole("link");

  it("offers a free author EPUB, Markdown, plain text and HTML downloads, and says they are free", async () => {
    await renderDetails();
    expect(screen.getByTestId("story-export").textContent).toContain("Free on every plan");
    expect(formats().map((a) => [a.textContent, a.getAttribute("href"), a.hasAttribute("download")])).toEqual([
      ["EPUB", "/api/stories/7/export?format=epub", true],
      ["Markdown", "/api/stories/7/export?format=md", true],
      ["Plain text", "/api/stories/7/export?format=txt", true],
      ["HTML", "/api/stories/7/export?format=html", true],
    ]);
  });
});
