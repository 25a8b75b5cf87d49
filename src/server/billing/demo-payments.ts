// The demo driver: a local hosted-checkout page (/demo-checkout/{session}), clearly a test where no money moves.
import type { Config } from "../env";
import type { PaymentsDriver } from "./payments";

export function createDemoPayments(_config: Config): PaymentsDriver {
  const notYet = () => Promise.reject(new Error("demo payments: not written yet (issue 10)"));
  return { kind: "demo", createCheckoutSession: notYet, createPortalSession: notYet };
}
