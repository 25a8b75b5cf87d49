// What every successful sign-in (password or Google) leaves behind: the time, a trusted browser, a usual address.
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { users } from "../db/schema";
import { clientAddress } from "./address-limit";
import { trustDevice } from "./trusted-devices";
import { rememberUsualAddress } from "./usual-addresses";

export async function rememberSignIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const now = request.server.deps.now();
  await Promise.all([
    request.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId)),
    trustDevice(request, reply, userId),
    rememberUsualAddress(request.db, userId, clientAddress(request), now),
  ]);
}
