// The admin password check: compare digests in constant time, so neither content nor length leaks.
import { createHash, timingSafeEqual } from "node:crypto";

export function checkPassword(expected: string | undefined, submitted: string): boolean {
  if (!expected) return false;
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(submitted).digest();
  return timingSafeEqual(a, b);
}
