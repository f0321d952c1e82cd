import { hostname } from 'node:os';
import {
  beatServerInstance,
  INSTANCE_HEARTBEAT_SECONDS,
  registerServerInstance,
  releaseAbandonedLeases,
  releaseServerInstances,
  serverInstancesOnHost,
  type Database,
} from '@lodestar/db';
import type { Logger } from '../logger';
import { SYNC_MESSAGES } from './engine';

/** This server process as the owner of sync leases (DESIGN.md §5). */
export type ServerInstance = {
  id: string;
  /** Records a heartbeat and frees the leases of instances that stopped beating (the timer's work). */
  beat(): Promise<void>;
  /** Stops beating and releases this instance's leases (after its syncs have finished). */
  stop(): Promise<void>;
};

export type ServerInstanceOptions = {
  db: Database;
  logger: Logger;
  version: string;
  host?: string;
  pid?: number;
  /** Whether a process of this machine is running (a predecessor that is not has crashed). */
  processRunning?: (pid: number) => boolean;
  heartbeatMs?: number;
  /**
   * Called with the connections whose syncs this instance freed from a server that stopped beating
   * (killed, or cut off): the caller starts them again here, so they finish without waiting for a
   * schedule. Not called for a crashed predecessor on this machine found at start.
   */
  onTakeover?: (connections: { id: string; userId: string }[]) => void;
};

export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Registers this process, releases the leases of its crashed predecessors on the same machine (a
 * recorded process that no longer runs, or one with this very pid, as a restarted container's pid 1
 * is), then beats every few seconds. Leases of instances on other machines are freed by whichever
 * instance beats first after they went quiet.
 */
export async function startServerInstance(options: ServerInstanceOptions): Promise<ServerInstance> {
  const { db, logger } = options;
  const info = {
    host: options.host ?? hostname(),
    pid: options.pid ?? process.pid,
    version: options.version,
  };
  const running = options.processRunning ?? processRunning;
  const predecessors = (await serverInstancesOnHost(db, info.host)).filter(
    (row) => row.pid === info.pid || !running(row.pid),
  );
  const released = await releaseServerInstances(
    db,
    predecessors.map((row) => row.id),
    SYNC_MESSAGES.interrupted,
  );
  if (released)
    logger.warn({ connections: released }, 'Released the sync leases of a server process that stopped');
  const id = await registerServerInstance(db, info);

  const beat = async () => {
    await beatServerInstance(db, id, info);
    const abandoned = await releaseAbandonedLeases(db, SYNC_MESSAGES.interrupted);
    if (abandoned.length) {
      logger.warn(
        { connections: abandoned.length },
        'Took over the sync leases of a server that stopped beating',
      );
      options.onTakeover?.(abandoned);
    }
  };
  await beat();
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      beating = beat().catch((error: unknown) => logger.error({ err: error }, 'heartbeat failed'));
    },
    options.heartbeatMs ?? INSTANCE_HEARTBEAT_SECONDS * 1000,
  );
  timer.unref();
  return {
    id,
    beat,
    async stop() {
      clearInterval(timer);
      await beating;
      await releaseServerInstances(db, [id], SYNC_MESSAGES.interrupted);
    },
  };
}
