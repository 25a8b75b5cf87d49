// The read replicas on /metrics (decision 0065): whether each is in use and how far behind it was at the last probe.
import { Gauge, type Registry } from "prom-client";
import type { ReadReplicas } from "./replicas";

export function registerReplicaMetrics(registry: Registry, replicas: ReadReplicas): void {
  new Gauge({
    name: "ficforge_db_replica_up",
    help: "1 when the read replica answered its last probe and is in recovery, else 0",
    labelNames: ["replica"],
    registers: [registry],
    collect() {
      for (const state of replicas.states()) this.set({ replica: state.name }, state.up ? 1 : 0);
    },
  });
  new Gauge({
    name: "ficforge_db_replica_lag_seconds",
    help: "How far the read replica was behind the primary at its last probe (absent while it is down)",
    labelNames: ["replica"],
    registers: [registry],
    collect() {
      this.reset();
      for (const state of replicas.states()) {
        if (state.lagMs !== undefined) this.set({ replica: state.name }, state.lagMs / 1000);
      }
    },
  });
}
