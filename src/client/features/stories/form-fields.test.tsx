// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FILTER_HINT_MS } from "../../components/ui/filter-hint";
import { LimitedTextField } from "./LimitedTextField";
import { SearchableMultiSelect } from "./SearchableMultiSelect";

afterEach(cleanup);

function Field({ kind }: { kind: "title" | "long" }) {
  const [value, setValue] = useState("");
  return <LimitedTextField label="Field" kind={kind} value={value} onChange={setValue} />;
}

describe("LimitedTextField", () => {
  it("strips disallowed characters and cuts a title at 50 with the orange note", () => {
    render(<Field kind="title" />);
    const input = screen.getByLabelText("Field") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "Hi <b>there</b> @you" } });
    expect(input.value).toBe("Hi bthereb you");
    expect(screen.queryByText("Maximum 50 characters reached")).toBeNull();
    fireEvent.change(input, { target: { value: "a".repeat(60) } });
    expect(input.value).toBe("a".repeat(50));
    expect(screen.getByText("Maximum 50 characters reached").className).toContain("text-orange-600");
  });

  it("says which characters it left out, politely, until the next clean keystroke", () => {
    render(<Field kind="title" />);
    const input = screen.getByLabelText("Field") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "Chapter 1:" } });
    expect(input.value).toBe("Chapter 1");
    const hint = screen.getByText("Left out “:”. Only letters, numbers, spaces and - _ . , ' ! ? are allowed.");
    expect(hint.getAttribute("aria-live")).toBe("polite");
    expect(input.getAttribute("aria-describedby")).toBe(hint.id);
    fireEvent.change(input, { target: { value: "Chapter 1 " } });
    expect(screen.queryByText(/Left out/)).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  it("lets the hint go after a few seconds", () => {
    vi.useFakeTimers();
    try {
      render(<Field kind="long" />);
      fireEvent.change(screen.getByLabelText("Field"), { target: { value: "Fish & chips" } });
      expect(screen.getByText(/Left out “&”/)).not.toBeNull();
      act(() => vi.advanceTimersByTime(FILTER_HINT_MS - 100));
      expect(screen.queryByText(/Left out/)).not.toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByText(/Left out/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps line breaks in long text and cuts it at 560", () => {
    render(<Field kind="long" />);
    const area = screen.getByLabelText("Field") as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: "One\nTwo" } });
    expect(area.value).toBe("One\nTwo");
    fireEvent.change(area, { target: { value: "b".repeat(561) } });
    expect(area.value).toHaveLength(560);
    expect(screen.getByText("Maximum 560 characters reached")).not.toBeNull();
  });
});

function Picker({ initial }: { initial: string[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <SearchableMultiSelect
      label="Tags"
      options={["Anime", "Action", "Adventure", "Fantasy", "Romance", "Shy"]}
      selected={selected}
      onChange={setSelected}
      max={5}
      placeholder="Search tags..."
      emptyText="No tags found"
    />
  );
}

describe("SearchableMultiSelect", () => {
  it("filters, says 'No tags found', and adds with the keyboard", () => {
    render(<Picker initial={[]} />);
    const box = screen.getByRole("combobox", { name: "Tags" });
    fireEvent.change(box, { target: { value: "zzz" } });
    expect(screen.getByText("No tags found")).not.toBeNull();
    fireEvent.change(box, { target: { value: "ad" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Adventure"]);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(screen.getByRole("button", { name: "Remove Adventure" })).not.toBeNull();
    expect(screen.getByText("1/5")).not.toBeNull();
  });

  it("hides the search box at the limit and shows it again after a removal", () => {
    render(<Picker initial={["Anime", "Action", "Adventure", "Fantasy"]} />);
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "rom" } });
    fireEvent.click(screen.getByRole("option", { name: "Romance" }));
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByText("5/5")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove Anime" }));
    expect(screen.getByRole("combobox")).not.toBeNull();
  });
});

function FandomPicker() {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <div>
      <SearchableMultiSelect
        label="Fandoms"
        options={["Naruto", "Stardew Valley", "Star Wars"]}
        selected={selected}
        onChange={setSelected}
        max={5}
        placeholder="Search fandoms..."
        emptyText="No fandoms found"
      />
      <button type="button">Back</button>
    </div>
  );
}

describe("SearchableMultiSelect's list does not stay open over what lies below", () => {
  it("closes on a press outside, on Escape and after a pick by pointer", () => {
    render(<FandomPicker />);
    const input = screen.getByRole("combobox");
    fireEvent.focus(input);
    expect(screen.queryByRole("listbox")).not.toBeNull();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Back" }));
    expect(screen.queryByRole("listbox")).toBeNull();

    fireEvent.change(input, { target: { value: "Star" } });
    expect(screen.queryByRole("listbox")).not.toBeNull();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();

    fireEvent.change(input, { target: { value: "Stard" } });
    const option = screen.getAllByRole("option").find((o) => o.textContent?.includes("Stardew Valley"));
    fireEvent.click(option!);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Remove Stardew Valley" })).not.toBeNull();
  });
});
