// V8's CPU profiler in a bench server process, started and stopped by the parent (run.ts and ttft.ts --cpu-prof):
// only the measured load is profiled, not seeding or start-up. The file is a .cpuprofile that Chrome DevTools and
// bench/profile-summary.ts read.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

export function profilerHandlers() {
  let profiler: Session | undefined;
  return {
    profileStart: async () => {
      profiler = new Session();
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.start");
      return true;
    },
    profileStop: async (request: Record<string, unknown>) => {
      if (!profiler) throw new Error("profileStop without profileStart");
      const { profile } = await profiler.post("Profiler.stop");
      profiler.disconnect();
      profiler = undefined;
      writeFileSync(String(request.file), JSON.stringify(profile));
      return true;
    },
  };
}
