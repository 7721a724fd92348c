import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing with argon2id at OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane).
 * The encoded hash carries its parameters, so they can be raised later without invalidating stored ones.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFKC"), OPTIONS);
}

export async function verifyPassword({ hash: encoded, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(encoded, password.normalize("NFKC"));
  } catch {
    return false; // not an argon2 hash
  }
}
