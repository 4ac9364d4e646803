/**
 * Ports for the servers that tests start.
 *
 * The OS hands out "free" ports (listen on 0) from its ephemeral range (32768–60999 on Linux),
 * the same range it uses for every outgoing connection and for the internal listeners that
 * wrangler and workerd open on port 0 while they start. A port we probed and closed can be
 * taken by one of those before `wrangler dev` binds it ("Address already in use"). So we pick
 * at random below the ephemeral range, where nothing is assigned implicitly, and the harnesses
 * still retry once more on a collision.
 */
import { createServer } from "node:net";

const LOW = 20_000;
const HIGH = 32_000;

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** `count` distinct ports that are free on 127.0.0.1 now, outside the ephemeral range. */
export async function freePorts(count: number): Promise<number[]> {
  const range = process.env.TEST_PORT_RANGE?.match(/^(\d+)-(\d+)$/);
  const low = range ? Number(range[1]) : LOW;
  const high = range ? Number(range[2]) : HIGH;
  const ports: number[] = [];
  for (let attempt = 0; attempt < 500 && ports.length < count; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (!ports.includes(port) && (await portIsFree(port))) ports.push(port);
  }
  if (ports.length < count) throw new Error(`no ${count} free ports between ${low} and ${high}`);
  return ports;
}

/** True when a server's log says its port was taken, so starting again on new ports may work. */
export function isAddressInUse(log: string): boolean {
  return /address already in use|EADDRINUSE/i.test(log);
}
