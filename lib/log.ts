// Structured logging (pino). Import `log` and make a child per component: log.child({ c: "worker" }).
import pino from "pino";
import { getEnv } from "./config.ts";

export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : getEnv().LOG_LEVEL),
  base: { pid: process.pid },
});

export type Logger = typeof log;
