import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * The resident memory of the server listening on a port, read from Linux's /proc: the process
 * holding the listening socket and every process below it (a cluster's workers). The browser
 * tests' servers are started by Playwright, so their ids are found by the port.
 */
export const canReadServerMemory = () => existsSync("/proc/net/tcp");

function listeningInodes(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  return inodes;
}

const pids = () => readdirSync("/proc").filter((name) => /^\d+$/.test(name));

export function serverProcessIds(port: number): number[] {
  const inodes = listeningInodes(port);
  const owners = new Set<string>();
  for (const pid of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) owners.add(pid);
      } catch {
        // gone meanwhile
      }
    }
  }
  // Every descendant too.
  const parent = new Map<string, string>();
  for (const pid of pids()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      parent.set(pid, stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      // gone meanwhile
    }
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parent) if (owners.has(ppid) && !owners.has(pid)) (owners.add(pid), (grew = true));
  }
  return [...owners].map(Number);
}

/** The summed resident memory of these processes, in bytes (a process that is gone counts 0). */
export function residentBytes(processIds: number[]): number {
  let total = 0;
  for (const pid of processIds) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}
