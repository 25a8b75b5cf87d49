// @vitest-environment jsdom
// The '…' menu answers the keys a menu should: it opens on its first item, the arrows move and wrap, Home and End
// jump, Escape closes it and gives focus back to its button.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { renderWithClient } from "../../test/discover";
import { PersonMenu } from "./PersonMenu";

afterEach(cleanup);

it("moves between its items with the arrow keys, Home and End, and closes on Escape", () => {
  renderWithClient(
    <PersonMenu
      username="pip"
      label="More about pip"
      report={{ type: "comment", id: "3", label: "This comment by pip" }}
    />,
  );
  const opener = screen.getByRole("button", { name: "More about pip" });
  fireEvent.click(opener);
  const items = screen.getAllByRole("menuitem");
  expect(items.map((i) => i.textContent)).toEqual(["Report", "Block pip", "Mute pip"]);
  const focused = () => document.activeElement?.textContent;
  expect(focused()).toBe("Report");
  const press = (key: string) => fireEvent.keyDown(document, { key });
  press("ArrowDown");
  expect(focused()).toBe("Block pip");
  press("End");
  expect(focused()).toBe("Mute pip");
  press("ArrowDown");
  expect(focused()).toBe("Report");
  press("ArrowUp");
  expect(focused()).toBe("Mute pip");
  press("Home");
  expect(focused()).toBe("Report");
  press("Escape");
  expect(screen.queryByRole("menu")).toBeNull();
  expect(document.activeElement).toBe(opener);
});
