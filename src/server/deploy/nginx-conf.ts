// deploy/nginx.conf run locally, by the nginx test, bench/two-instances.ts and bench/nginx-restart.ts (decision 0038),
// and the environment of each app instance behind it.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../../../", import.meta.url).pathname;

/**
 * deploy/nginx.conf with only its `# test:` lines pointed at local ports and a directory nginx may write as any
 * user (pid, logs, temp files); without `two`, one instance only (the bench's comparison).
 */
export function localNginxConf(dir: string, listen: number, [one, two]: [number, number?]): string {
  const lines = readFileSync(join(ROOT, "deploy/nginx.conf"), "utf8").split("\n");
  const rewritten = lines.map((line) => {
    const mark = /# test: (\w+)/.exec(line)?.[1];
    if (!mark) return line;
    const code = line.slice(0, line.indexOf("#")).trimEnd();
    if (mark === "pid") return `pid ${dir}/nginx.pid;`;
    if (mark === "error_log") return `error_log ${dir}/error.log warn;`;
    if (mark === "access_log") return code.replace("/var/log/nginx/", `${dir}/`);
    if (mark === "temp") return code.replace("/var/cache/nginx/", `${dir}/`);
    if (mark === "app1") return code.replace("app1:3000", `127.0.0.1:${one}`);
    if (mark === "app2") return two === undefined ? "" : code.replace("app2:3000", `127.0.0.1:${two}`);
    if (mark === "keepalive_timeout") return "keepalive_timeout 500ms;"; // below the instances' 1 s drain
    if (mark === "listen") return `listen 127.0.0.1:${listen};`;
    throw new Error(`unknown test mark ${mark}`);
  });
  return rewritten.join("\n");
}

/**
 * One app instance behind the local nginx: trusting the proxy's X-Forwarded-For, and a drain (1 s) above nginx's test
 * keep-alive (500 ms), so a SIGTERM'd instance finishes what it holds while nginx moves on.
 */
export function instanceEnv(port: number, databaseUrl: string, appUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "127.0.0.1",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    SHUTDOWN_DRAIN_MS: "1000",
    SHUTDOWN_TIMEOUT_MS: "10000",
  };
}
