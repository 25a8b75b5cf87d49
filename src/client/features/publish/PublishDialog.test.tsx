// @vitest-environment jsdom
// The publish dialog's AI label and audience: the measured share and the label before publishing, declarations
// below the measurement disabled, both sent with publish, and a refused value shown at its field.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublishBody } from "../../../shared/schemas/story";
import { fakeApi, renderWithClient } from "../../test/discover";
import { EMPTY_TAGGING } from "../tags/TaggingFields";
import { type PublishOutcome, PublishDialog } from "./PublishDialog";
import { publishField } from "./publish-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const initial = {
  title: "Storm Road",
  description: "Two travellers.",
  coverImage: null,
  tags: [],
  markedMature: false,
  tagging: { ...EMPTY_TAGGING, rating: "general" as const },
  aiDeclaration: "none" as const,
  audience: "everyone" as const,
};

function open(
  aiShare: number,
  onSubmit = vi.fn(async (_body: PublishBody): Promise<PublishOutcome> => ({ published: true, fields: {} })),
) {
  fakeApi(() => []);
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  Element.prototype.scrollIntoView = () => {};
  renderWithClient(
    <PublishDialog
      open
      onOpenChange={() => {}}
      initial={initial}
      measured={{ wordCount: 1000, aiShare }}
      pending={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

const declaration = () => within(screen.getByRole("group", { name: "AI from other tools" }));

describe("the publish dialog's AI label", () => {
  it.each([
    [0, "Marin wrote none of this work."],
    [0.34, "Marin wrote 34% of this work; it will be labelled AI-assisted"],
    [0.62, "Marin wrote 62% of this work; it will be labelled AI-generated"],
  ])("at a share of %d says %j, with a link to how it is measured", (share, text) => {
    open(share);
    expect(screen.getByTestId("ai-label-sentence").textContent).toContain(text);
    const link = screen.getByRole("link", { name: "How is this measured?" });
    expect(link.getAttribute("href")).toBe("/about/ai");
  });

  it("disables the declarations below the measured label, with the reason, and checks the measured one", () => {
    open(0.34);
    const none = declaration().getByRole("radio", { name: "None" }) as HTMLInputElement;
    expect(none.disabled).toBe(true);
    expect(none.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(none.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Marin wrote 34% of this work, so it is labelled at least AI-assisted.",
    );
    expect((declaration().getByRole("radio", { name: "AI-assisted" }) as HTMLInputElement).checked).toBe(true);
    expect((declaration().getByRole("radio", { name: "AI-generated" }) as HTMLInputElement).disabled).toBe(false);
  });

  it("sends the declaration and the audience with publish; declaring more raises the label", async () => {
    const onSubmit = open(0.34);
    fireEvent.click(declaration().getByRole("radio", { name: "AI-generated" }));
    expect(screen.getByTestId("ai-label-sentence").textContent).toContain(
      "Marin wrote 34% of this work; it will be labelled AI-generated",
    );
    fireEvent.click(screen.getByRole("radio", { name: "Members only (signed-in readers)" }));
    fireEvent.click(screen.getByRole("button", { name: "Publish Story" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ aiDeclaration: "generated", audience: "members" });
  });

  it("never sends a declaration below the measurement, even one stored before", async () => {
    const onSubmit = open(0.62);
    fireEvent.click(screen.getByRole("button", { name: "Publish Story" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ aiDeclaration: "generated", audience: "everyone" });
  });

  it("shows the server's refusal at the AI and audience fields", async () => {
    expect(publishField("aiDeclaration")).toBe("aiDeclaration");
    expect(publishField("audience")).toBe("audience");
    const onSubmit = vi.fn(
      async (): Promise<PublishOutcome> => ({
        published: false,
        fields: {
          aiDeclaration: "This work was measured at 30% Marin's: it cannot be declared none",
          audience: "audience must be everyone or members",
        },
      }),
    );
    open(0, onSubmit);
    fireEvent.click(screen.getByRole("button", { name: "Publish Story" }));
    const ai = screen.getByRole("group", { name: "AI from other tools" });
    expect(await within(ai).findByRole("alert")).toHaveProperty(
      "textContent",
      "This work was measured at 30% Marin's: it cannot be declared none",
    );
    const audience = screen.getByRole("group", { name: "Who can read it" });
    expect(within(audience).getByRole("alert").textContent).toBe("audience must be everyone or members");
    expect(within(audience).getByRole("radio", { name: "Everyone" }).getAttribute("aria-invalid")).toBe("true");
  });
});
