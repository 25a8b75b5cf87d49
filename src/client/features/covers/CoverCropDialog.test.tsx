// @vitest-environment jsdom
// Issue 16: the crop dialog's hint fits the device: the arrow-key nudge where there is a mouse or trackpad,
// dragging the frame and its corners on a touch-only screen.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CoverCropDialog, FINE_POINTER_QUERY, KEYBOARD_CROP_HINT, TOUCH_CROP_HINT } from "./CoverCropDialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function device({ finePointer }: { finePointer: boolean }) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query === FINE_POINTER_QUERY ? finePointer : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  // jsdom has no object URLs; the dialog only hands this to <img>.
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:crop", revokeObjectURL: () => {} }));
}

function openDialog() {
  render(
    <CoverCropDialog
      file={new File(["x"], "cover.png", { type: "image/png" })}
      aspect={1.5}
      onApply={() => {}}
      onCancel={() => {}}
    />,
  );
  return screen.getByRole("dialog", { name: "Crop cover image" });
}

describe("CoverCropDialog's hint", () => {
  it("tells a touch-only device to drag, without keyboard shortcuts", () => {
    device({ finePointer: false });
    const dialog = openDialog();
    expect(dialog.textContent).toContain(TOUCH_CROP_HINT);
    expect(dialog.textContent).not.toMatch(/arrow keys|Shift|Ctrl/);
  });

  it("tells a device with a mouse or trackpad about the arrow keys", () => {
    device({ finePointer: true });
    expect(openDialog().textContent).toContain(KEYBOARD_CROP_HINT);
  });
});
