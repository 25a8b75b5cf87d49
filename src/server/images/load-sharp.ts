// sharp (libvips and its threads) loads on the first image, not at start: most starts never process one.
import type { Sharp, SharpOptions } from "sharp";

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // NOTE: every image is decoded once and stored; libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
