// Login throttling: token buckets per client and one for everyone. Every attempt takes a token
// BEFORE the password is checked, so parallel guesses are counted too; a bucket refills slowly, a
// successful login refills its client's bucket. The global bucket caps guessing from many
// addresses at once (a real admin waits at most one refill interval for a token).

import { randomBytes } from "node:crypto";
import { log } from "../log.ts";

export interface BucketPolicy {
  /** attempts allowed at once */
  capacity: number;
  /** ms to earn back one attempt */
  refillMs: number;
}

/** Thresholds with unit and reason. */
export const loginThrottle = {
  /** per client: 5 tries in a burst (typos), then one per 30 s: ~2,900 guesses a day at most. */
  perClient: { capacity: 5, refillMs: 30_000 } satisfies BucketPolicy,
  /** everyone together: 30 tries in a burst, then one per 2 s: guessing from many addresses gets ~43k a day. */
  global: { capacity: 30, refillMs: 2_000 } satisfies BucketPolicy,
  /** client buckets remembered at most (oldest forgotten first): bounded memory whatever the clients. */
  maxClients: 10_000,
} as const;

export class TooManyAttemptsError extends Error {
  readonly key = "too_many_requests";
  constructor(readonly retryAfterSeconds: number, scope: "client" | "global") {
    super(scope === "client"
      ? `Too many login attempts from this address; try again in ${retryAfterSeconds} s.`
      : `Too many login attempts on this server; try again in ${retryAfterSeconds} s.`);
  }
}

interface Bucket { tokens: number; at: number }

export interface ThrottlePolicy {
  perClient: BucketPolicy;
  global: BucketPolicy;
  maxClients: number;
}

export class LoginThrottle {
  private readonly clients = new Map<string, Bucket>();
  private global: Bucket;

  constructor(private readonly policy: ThrottlePolicy = loginThrottle, private readonly now: () => number = Date.now) {
    this.global = { tokens: policy.global.capacity, at: now() };
  }

  private refill(b: Bucket, p: BucketPolicy): Bucket {
    const t = this.now();
    const earned = Math.floor((t - b.at) / p.refillMs);
    if (earned > 0) {
      b.tokens = Math.min(p.capacity, b.tokens + earned);
      b.at = b.tokens === p.capacity ? t : b.at + earned * p.refillMs;
    }
    return b;
  }

  private wait(b: Bucket, p: BucketPolicy): number {
    return Math.max(1, Math.ceil((b.at + p.refillMs - this.now()) / 1000));
  }

  /** Take one attempt for `client`, or throw TooManyAttemptsError (with Retry-After seconds). */
  take(client: string): void {
    const c = this.refill(this.clients.get(client) ?? { tokens: this.policy.perClient.capacity, at: this.now() }, this.policy.perClient);
    if (c.tokens <= 0) throw new TooManyAttemptsError(this.wait(c, this.policy.perClient), "client");
    const g = this.refill(this.global, this.policy.global);
    if (g.tokens <= 0) throw new TooManyAttemptsError(this.wait(g, this.policy.global), "global");
    c.tokens--;
    g.tokens--;
    this.clients.delete(client); // re-insert: the map's order is least recently used first
    this.clients.set(client, c);
    if (this.clients.size > this.policy.maxClients) this.clients.delete(this.clients.keys().next().value!);
  }

  /** A correct password: the client's bucket is full again (the global one is not refunded). */
  succeeded(client: string): void {
    this.clients.delete(client);
  }
}

/**
 * The client a login attempt comes from. Behind a trusted proxy, the address it appended last to
 * X-Forwarded-For; otherwise the whole header (Next.js sets it to the socket's address when the
 * client sent none; a client that sends its own only gets a bucket of its own choosing, which is
 * why the global bucket exists).
 */
export function clientKey(headers: Headers, trustProxy: boolean): string {
  const xff = headers.get("x-forwarded-for") ?? "";
  if (trustProxy) return xff.split(",").map((s) => s.trim()).filter(Boolean).at(-1) ?? "unknown";
  return xff.slice(0, 200) || "unknown";
}

/**
 * The server process's one throttle. On globalThis: the login route's module may be loaded more
 * than once, and the web front (lib/web/front.ts, a separate bundle in the same process) and the
 * route must count in the same buckets.
 */
export function processLoginThrottle(): LoginThrottle {
  const g = globalThis as unknown as { ledeLoginThrottle?: LoginThrottle };
  return (g.ledeLoginThrottle ??= new LoginThrottle());
}

/**
 * The header by which the web front tells the login route "this attempt is counted already" (the
 * front throttles before Next.js reads the request, so a refused guess costs the server nothing).
 * Its value is a random nonce of this process, never sent out, and the front removes the header
 * from every request it did not count: a client cannot skip the count by sending it.
 */
export const COUNTED_HEADER = "x-lede-login-counted";

function processNonce(): string {
  const g = globalThis as unknown as { ledeLoginCountedNonce?: string };
  return (g.ledeLoginCountedNonce ??= randomBytes(16).toString("hex"));
}

/** The value the front sets on an attempt it counted. */
export function countedMark(): string {
  return processNonce();
}

/** Whether the web front counted this attempt already. */
export function countedByFront(headers: Headers): boolean {
  const mark = headers.get(COUNTED_HEADER);
  return mark !== null && mark === processNonce();
}

/** Where a refused login form goes back to (the login page says to wait). */
export const THROTTLED_LOCATION = "/login?error=throttled";

/** Every refused attempt is logged, with its client and how long it must wait. */
export function logThrottled(client: string, err: TooManyAttemptsError): void {
  log.warn({ client, retryAfterSeconds: err.retryAfterSeconds }, "admin login refused: too many attempts");
}
