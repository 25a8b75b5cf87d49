// What every successful sign-in (password or Google) leaves behind: the time, a trusted browser, a usual address.
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { clientAddress } from "./address-limit";
import { forgetTrustedDevices, trustDevice } from "./trusted-devices";
import { forgetUsualAddresses, rememberUsualAddress } from "./usual-addresses";

export async function rememberSignIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const now = request.server.deps.now();
  await Promise.all([
    request.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId)),
    trustDevice(request, reply, userId),
    rememberUsualAddress(request.db, userId, clientAddress(request), now),
  ]);
}

/** When every session ends (a password reset): browsers and addresses that knew the old password lose their trust. */
export async function forgetSignIns(db: Db, userId: number): Promise<void> {
  await Promise.all([forgetTrustedDevices(db, userId), forgetUsualAddresses(db, userId)]);
}
