// @vitest-environment jsdom
// The app's last line of defence: a page whose code cannot be loaded (or that throws while rendering) shows a way out,
// not a blank page.
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, expect, it } from "vitest";
import { preloadable } from "../lib/preloadable";
import { ERROR_SCREEN_TEXT, ERROR_SCREEN_TITLE, ErrorScreenBoundary } from "./ErrorScreen";

afterEach(cleanup);

it("shows the error screen with Reload when a page's code fails to load", async () => {
  const caught: unknown[] = [];
  const Page = preloadable<object>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
  await act(async () => {
    render(
      <ErrorScreenBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ErrorScreenBoundary>,
      // NOTE: React reports what a boundary caught here instead of on the console (the test setup fails on it).
      { onCaughtError: (error) => caught.push(error) },
    );
  });
  expect(await screen.findByRole("heading", { name: ERROR_SCREEN_TITLE })).toBeTruthy();
  expect(screen.getByText(ERROR_SCREEN_TEXT)).toBeTruthy();
  expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
  expect(caught).toHaveLength(1);
});

it("renders its children when nothing fails", () => {
  render(
    <ErrorScreenBoundary>
      <p>All well</p>
    </ErrorScreenBoundary>,
  );
  expect(screen.getByText("All well")).toBeTruthy();
  expect(screen.queryByRole("heading", { name: ERROR_SCREEN_TITLE })).toBeNull();
});
