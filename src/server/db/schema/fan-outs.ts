// The notification fan-outs' old table (pending_fan_outs) became the outbox (outbox.ts, decision 0054); the name
// stays for the code that speaks of fan-outs.
export type { OutboxEvent as FanOutEvent } from "./outbox";
