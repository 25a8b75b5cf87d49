// @vitest-environment jsdom
// Issue 33: a card of an anonymous work names 'Anonymous' without a link (the name is reserved: nobody's page); any
// other creator's name links to their page.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANONYMOUS_CREATOR } from "../../../shared/anonymous";
import { renderWithClient, story } from "../../test/discover";
import { StoryTile } from "./StoryTile";

vi.mock("../auth/auth-context", () => ({ useAuth: () => ({ user: null }) }));

afterEach(cleanup);

describe("a Discover card's creator", () => {
  it("links a named creator and leaves 'Anonymous' unlinked", () => {
    renderWithClient(
      <>
        <StoryTile story={story(1, { author: { username: "ilsa" } })} />
        <StoryTile story={story(2, { author: { username: ANONYMOUS_CREATOR }, coCreators: [] })} />
      </>,
    );
    const [named, anonymous] = screen.getAllByTestId("discover-story");
    expect(within(named!).getByTestId("discover-author").getAttribute("href")).toBe("/u/ilsa");
    expect(within(anonymous!).queryByTestId("discover-author")).toBeNull();
    expect(within(anonymous!).getByText(/Anonymous/)).toBeTruthy();
    expect(within(anonymous!).queryByRole("link", { name: ANONYMOUS_CREATOR })).toBeNull();
  });
});
