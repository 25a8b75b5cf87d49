// @vitest-environment jsdom
// preloadable(): a page fetched ahead renders at once, with no Suspense fallback between (so React's reveal throttle
// never holds it back); one not fetched yet suspends like React.lazy until it arrives.
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, expect, it } from "vitest";
import { previewHtml } from "../features/editor/EditorPreview";
import { preloadable } from "./preloadable";

afterEach(cleanup);

function deferredModule() {
  let resolve!: () => void;
  const loaded = new Promise<{ default: (props: { name: string }) => React.JSX.Element }>((done) => {
    resolve = () => done({ default: ({ name }) => <p>Hello, {name}</p> });
  });
  return { load: () => loaded, resolve };
}

it("renders a preloaded component in the first commit, without its fallback", async () => {
  const module = deferredModule();
  const Page = preloadable(module.load);
  const preloading = Page.preload();
  module.resolve();
  await preloading;
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Page name="Pip" />
    </Suspense>,
  );
  expect(screen.getByText("Hello, Pip")).toBeTruthy();
  expect(screen.queryByText("Loading")).toBeNull();
});

it("suspends until the module arrives when it was not preloaded, and loads it once", async () => {
  const module = deferredModule();
  let loads = 0;
  const Page = preloadable(() => {
    loads++;
    return module.load();
  });
  await act(async () => {
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Mika" />
        <Page name="Pip" />
      </Suspense>,
    );
  });
  expect(screen.getByText("Loading")).toBeTruthy();
  await act(async () => module.resolve());
  expect(await screen.findByText("Hello, Mika")).toBeTruthy();
  expect(screen.getByText("Hello, Pip")).toBeTruthy();
  expect(loads).toBe(1);
});

it("the editor's preview draws a long story's first screens only, cut after a paragraph", () => {
  const short = "<p>One.</p><p>Two.</p>";
  expect(previewHtml(short)).toBe(short);
  const long = Array.from({ length: 2000 }, (_, i) => `<p>Paragraph ${i}.</p>`).join("");
  const cut = previewHtml(long);
  expect(cut.length).toBeGreaterThanOrEqual(8_000);
  expect(cut.length).toBeLessThan(8_100);
  expect(long.startsWith(cut)).toBe(true);
  expect(cut.endsWith("</p>")).toBe(true);
});
