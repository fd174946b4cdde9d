import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's suggested minimums (19 MiB, 2 iterations).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Hash of a password nobody has: verifying against it keeps unknown-email sign-ins as slow as real ones. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`));
