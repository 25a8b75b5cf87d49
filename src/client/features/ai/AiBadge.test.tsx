// @vitest-environment jsdom
// The AI badge: nothing for human-written work, the measured share for AI-assisted, 'AI-generated' otherwise; the
// share is spelled out in words, not only by colour.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AiBadge } from "./AiBadge";

afterEach(cleanup);

describe("AiBadge", () => {
  it("draws nothing for a human-written work, or when the answer has no label yet", () => {
    const { container } = render(
      <>
        <AiBadge label="none" aiShare={0} />
        <AiBadge label={undefined} aiShare={undefined} />
      </>,
    );
    expect(container.textContent).toBe("");
  });

  it("names the measured share of an AI-assisted work, in its title and for screen readers", () => {
    render(<AiBadge label="assisted" aiShare={0.34} />);
    const badge = screen.getByTestId("ai-badge");
    expect(badge.getAttribute("title")).toBe("Marin wrote 34% of this work");
    expect(badge.textContent).toBe("AI-assisted 34%AI-assisted 34%: Marin wrote 34% of this work");
  });

  it("says AI-generated, with the share in its title", () => {
    render(<AiBadge label="generated" aiShare={0.62} />);
    const badge = screen.getByTestId("ai-badge");
    expect(badge.querySelector("[aria-hidden]:not(svg)")?.textContent).toBe("AI-generated");
    expect(badge.getAttribute("title")).toBe("Marin wrote 62% of this work");
  });

  it("a declared label with no measured share says it was declared", () => {
    render(<AiBadge label="assisted" aiShare={0} />);
    const badge = screen.getByTestId("ai-badge");
    expect(badge.textContent).toContain("AI-assisted");
    expect(badge.getAttribute("title")).toBe("The writer declared AI assistance");
  });
});
