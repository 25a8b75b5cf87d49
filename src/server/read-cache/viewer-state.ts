// What one signed-in viewer adds to a shared cached read view: the flags the cache splices into its bytes
// (reading/present-read.ts) and the session cache remembers per story (accounts/session-cache.ts).
export interface ViewerState {
  liked: boolean;
  bookmarked: boolean;
}
