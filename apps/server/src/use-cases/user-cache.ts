import type { Database } from '@lodestar/db';

/**
 * A small per-process cache of one value per user, per database handle, least recently used first out.
 * Entries carry whatever the caller checks them against (a version row read from the database before
 * the value was computed), so an instance never serves what another instance's write made stale: the
 * caller reads the version, asks `get`, and on a miss computes and `set`s under that version.
 */
export class UserCache<Entry> {
  private readonly caches = new WeakMap<Database, Map<string, Entry>>();

  constructor(private readonly maxUsers: number) {}

  private users(db: Database): Map<string, Entry> {
    let users = this.caches.get(db);
    if (!users) {
      users = new Map();
      this.caches.set(db, users);
    }
    return users;
  }

  /** The user's entry when `valid` accepts it (it becomes the most recently used); otherwise undefined. */
  get(db: Database, userId: string, valid: (entry: Entry) => boolean): Entry | undefined {
    const users = this.users(db);
    const hit = users.get(userId);
    if (!hit) return undefined;
    users.delete(userId);
    if (!valid(hit)) return undefined;
    users.set(userId, hit);
    return hit;
  }

  set(db: Database, userId: string, entry: Entry): void {
    const users = this.users(db);
    users.delete(userId);
    users.set(userId, entry);
    // Map order is insertion order: the first key is the least recently used.
    for (const stale of users.keys()) {
      if (users.size <= this.maxUsers) break;
      users.delete(stale);
    }
  }

  /** Forgets the user's entry, when `which` accepts it (all of it when not given). */
  delete(db: Database, userId: string, which?: (entry: Entry) => boolean): void {
    const users = this.users(db);
    const entry = users.get(userId);
    if (entry !== undefined && (!which || which(entry))) users.delete(userId);
  }
}
