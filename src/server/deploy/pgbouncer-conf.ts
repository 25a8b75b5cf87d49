// deploy/pgbouncer.ini run locally by the PgBouncer test (decision 0065): the same settings, with the addresses, the
// paths and the authentication pointed at a test's own directory and PostgreSQL server.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../../../", import.meta.url).pathname;

export interface LocalPgbouncer {
  dir: string;
  port: number;
  /** The PostgreSQL server and database behind it. */
  server: { host: string; port: number; database: string; user: string };
}

/** deploy/pgbouncer.ini with `ficforge` pointed at `server`, listening on 127.0.0.1:port, trusting local users. */
export function localPgbouncerConf({ dir, port, server }: LocalPgbouncer): string {
  const local: Record<string, string> = {
    listen_addr: "127.0.0.1",
    listen_port: String(port),
    unix_socket_dir: dir,
    auth_type: "trust",
    auth_file: join(dir, "userlist.txt"),
    pidfile: join(dir, "pgbouncer.pid"),
    logfile: join(dir, "pgbouncer.log"),
    admin_users: server.user,
  };
  const lines = readFileSync(join(ROOT, "deploy/pgbouncer.ini"), "utf8").split("\n");
  return lines
    .map((line) => {
      const [, key, value] = /^(\w+)\s*=\s*(.*)$/.exec(line) ?? [];
      if (key === "ficforge") {
        const target = `host=${server.host} port=${server.port} dbname=${server.database}`;
        return `${server.database} = ${value!.replace(/host=\S+ port=\S+ dbname=\S+/, target)}`;
      }
      return key !== undefined && key in local ? `${key} = ${local[key]}` : line;
    })
    .join("\n");
}

/** The auth file `trust` still reads: the users PgBouncer lets in. */
export const localUserlist = (user: string) => `"${user}" ""\n`;
