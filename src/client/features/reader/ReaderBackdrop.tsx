// FicForge Plus's reader background: the author's picture fills the page behind the story and stays in place while
// the story scrolls over it. The story sits on a nearly opaque paper panel (reader.css), so its text keeps the
// contrast it has without a background, whatever the picture is.
import type { ReactNode } from "react";

export function ReaderBackdrop({ image, children }: { image: string; children: ReactNode }) {
  return (
    <div className="reader-backdrop" data-testid="reader-backdrop">
      {/* NOTE: a sticky layer inside an absolute one, not `position: fixed`: it covers only the page's column (not
          the sidebar), and unlike `background-attachment: fixed` it also stays put on iOS Safari. */}
      <div className="reader-backdrop__layer" aria-hidden>
        <div
          className="reader-backdrop__image"
          style={{ backgroundImage: `url(${JSON.stringify(image)})` }}
          data-testid="reader-backdrop-image"
        />
      </div>
      {children}
    </div>
  );
}
