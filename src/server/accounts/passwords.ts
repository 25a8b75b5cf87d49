// argon2id password hashing, with a dummy hash so an unknown email costs as much time as a wrong password.
import { hash, verify } from "@node-rs/argon2";
import type { Config } from "../env";

export type PasswordCost = Readonly<{ algorithm: 2; memoryCost: number; timeCost: number; parallelism: number }>;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Algorithm 2 is argon2id (a const enum upstream).
export const PASSWORD_COST: PasswordCost = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// NOTE: argon2's smallest parameters, only where NODE_ENV is test (the test apps and the journeys' server): the
// suite makes thousands of accounts, and each OWASP hash is ~86 ms of CPU (docs/decisions/0003-test-databases.md).
// A hash names its own parameters, so any of them verifies under either cost; none is ever rehashed.
export const TEST_PASSWORD_COST: PasswordCost = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 };

export function passwordCost(config: Pick<Config, "NODE_ENV">): PasswordCost {
  return config.NODE_ENV === "test" ? TEST_PASSWORD_COST : PASSWORD_COST;
}

const dummyHashes = new Map<PasswordCost, Promise<string>>();

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return hash(password, cost);
}

/**
 * Verifies against the stored hash, or against a throwaway hash of the same cost when there is none, and answers
 * false.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
  cost: PasswordCost,
): Promise<boolean> {
  if (!stored) {
    if (!dummyHashes.has(cost)) dummyHashes.set(cost, hashPassword(`dummy-${Math.random()}`, cost));
    await verify(await dummyHashes.get(cost)!, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
